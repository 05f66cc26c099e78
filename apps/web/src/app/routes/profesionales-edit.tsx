import { StethoscopeIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<StethoscopeIcon />}
      title="Edición del profesional"
      description="Aquí podrá revisar y editar el perfil completo de un profesional."
      items={[
        'Datos de contacto y dirección',
        'Zona, obras sociales y especialidades',
        'Horarios de atención y de guardia',
      ]}
    />
  );
}
