import { type ConfirmacionObservada, formatImporte } from '@red-dental/contracts';

/** What the affiliate said, in words: not attended, or charged beyond the copay. */
export function loQueDijo(c: Pick<ConfirmacionObservada, 'atendido' | 'cobro' | 'coseguro'>): string {
  if (!c.atendido) return 'Dice que no lo atendieron';
  return `Le cobraron ${formatImporte(c.cobro)}; el coseguro era ${formatImporte(c.coseguro)}`;
}
