import { NotificacionesAfiliado } from '@/features/notificaciones/components/notificaciones-afiliado.tsx';

export function Component() {
  return <NotificacionesAfiliado />;
}
