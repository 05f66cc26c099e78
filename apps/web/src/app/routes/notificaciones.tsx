import { BellIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<BellIcon />}
      title="Centro de notificaciones"
      description="Aquí podrá leer las notificaciones y documentos que la red le envíe, ordenados por categoría."
      items={[
        'Contador de notificaciones sin leer por categoría',
        'Descarga del documento de cada notificación',
      ]}
    />
  );
}
