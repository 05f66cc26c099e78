import { ConfirmacionesQueue } from '@/features/prestaciones/components/confirmaciones-queue.tsx';

export function Component() {
  return <ConfirmacionesQueue />;
}
