import { BellIcon } from '@/components/ui/icons/index.ts';
import { UpcomingFeature } from './upcoming-feature.tsx';

export function Component() {
  return (
    <UpcomingFeature
      icon={<BellIcon />}
      title="Envío de notificaciones"
      description="Aquí podrá enviar un documento PDF a afiliados o a profesionales, eligiendo sus destinatarios por obra social, zona, especialidad o profesional."
    />
  );
}
