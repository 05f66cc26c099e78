import { UsersIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<UsersIcon />}
      title="Padrón de afiliados"
      description="Aquí podrá consultar el padrón de afiliados de la red."
      items={[
        'Búsqueda por número de documento',
        'Filtro por obra social para el personal administrativo',
        'Edición de los datos de cada afiliado',
      ]}
    />
  );
}
