import { UsersIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<UsersIcon />}
      title="Alta de afiliados"
      description="Aquí podrá dar de alta a un afiliado con sus datos personales, su documento y su obra social."
    />
  );
}
