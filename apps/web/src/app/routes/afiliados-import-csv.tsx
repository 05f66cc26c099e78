import { UsersIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<UsersIcon />}
      title="Importación de afiliados"
      description="Aquí podrá cargar el padrón de una obra social desde un archivo .csv."
      items={[
        'Elección de la obra social, o alta de una nueva',
        'Carga del archivo y resumen de los afiliados cargados',
      ]}
    />
  );
}
