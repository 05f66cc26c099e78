import { SolicitudesList } from '@/features/profesionales/components/solicitudes-list.tsx';

export function Component() {
  return <SolicitudesList />;
}
