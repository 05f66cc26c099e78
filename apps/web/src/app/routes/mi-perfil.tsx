import { UserIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<UserIcon />}
      title="Su perfil profesional"
      description="Aquí podrá completar y mantener al día su perfil en la cartilla de la red."
      items={[
        'Datos de contacto, dirección y especialidades',
        'Horarios de atención y de guardia',
        'Cambio de contraseña',
      ]}
    />
  );
}
