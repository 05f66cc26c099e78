import { MisLiquidaciones } from '@/features/cierre/components/mis-liquidaciones.tsx';

/** `/liquidaciones`: the dentist's settlements. */
export function Component() {
  return <MisLiquidaciones />;
}
