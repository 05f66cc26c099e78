import { BuildingIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<BuildingIcon />}
      title="Obras sociales de la red"
      description="Aquí podrá consultar las obras sociales con sus datos de contacto y su cantidad de afiliados, y dar de baja las que ya no trabajen con la red."
    />
  );
}
