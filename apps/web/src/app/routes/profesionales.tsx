import { StethoscopeIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<StethoscopeIcon />}
      title="Profesionales de la red"
      description="Aquí podrá buscar a los profesionales de la red por nombre o razón social."
      items={[
        'Especialidades, razón social y teléfono de cada profesional',
        'Acceso a la edición de cada perfil',
        'Acceso a las solicitudes de registro pendientes',
      ]}
    />
  );
}
