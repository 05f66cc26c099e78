import { BellIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<BellIcon />}
      title="Sus notificaciones"
      description="Aquí podrá leer las novedades y documentos que su obra social y la red le envíen."
    />
  );
}
