import { MapIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<MapIcon />}
      title="Cartilla de prestadores"
      description="Aquí podrá encontrar a los profesionales de su obra social en un mapa y en una lista, con sus horarios."
      items={['Filtros por especialidad y por localidad', 'Datos de contacto y horarios de cada prestador']}
    />
  );
}
