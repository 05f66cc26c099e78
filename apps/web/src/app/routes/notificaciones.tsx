import { REQUIREMENTS } from '@red-dental/contracts';
import { NotificacionesList } from '@/features/notificaciones/components/notificaciones-list.tsx';
import { useCan } from '@/lib/permissions.ts';

export function Component() {
  // AFILIADOS.CREATE marks administrative staff: every notification, sending and deleting.
  const isStaff = useCan(REQUIREMENTS.STAFF);
  return <NotificacionesList isStaff={isStaff} />;
}
