import { MisAutorizaciones } from '@/features/autorizaciones/components/mis-autorizaciones.tsx';

/** `/autorizaciones`: the dentist's prior authorizations. */
export function Component() {
  return <MisAutorizaciones />;
}
