import type { AutorizacionVigente, LineaPedidaInput } from '@red-dental/contracts';

/**
 * Each line of the visit with the number of the dentist's approved
 * authorization that covers it — same code, tooth and sector, its faces among
 * the approved ones — each authorization item used by one line at most. A
 * line with a number already keeps it.
 */
export function conAutorizacion(
  lineas: readonly LineaPedidaInput[],
  vigentes: readonly AutorizacionVigente[],
): LineaPedidaInput[] {
  const libres = [...vigentes];
  return lineas.map((l) => {
    if (l.autorizacion) return l;
    const i = libres.findIndex(
      (v) =>
        v.codigo === l.codigo &&
        v.pieza === (l.pieza ?? null) &&
        v.sector === (l.sector ?? null) &&
        [...(l.caras ?? '')].every((c) => (v.caras ?? '').includes(c)),
    );
    if (i === -1) return l;
    const [v] = libres.splice(i, 1);
    return { ...l, autorizacion: v!.numero };
  });
}
