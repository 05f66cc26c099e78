import { StethoscopeIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<StethoscopeIcon />}
      title="Solicitudes de registro"
      description="Aquí podrá revisar a los profesionales que pidieron sumarse a la red, y aceptar o rechazar cada pedido."
    />
  );
}
