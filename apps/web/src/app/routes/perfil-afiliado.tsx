import { UserIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<UserIcon />}
      title="Sus datos"
      description="Aquí podrá consultar sus datos de afiliado y mantener al día su e-mail, su teléfono y su fecha de nacimiento."
    />
  );
}
