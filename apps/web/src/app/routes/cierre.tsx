import { PeriodosCierre } from '@/features/cierre/components/periodos-cierre.tsx';

/** `/cierre`: the network's months, and closing the next one. */
export function Component() {
  return <PeriodosCierre />;
}
