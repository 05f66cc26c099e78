import { createHash } from 'node:crypto';
import {
  addDays,
  type CodigoDebito,
  formatFecha,
  formatImporte,
  type MotivoMuestra,
  type Muestra,
  type Resultado,
} from '@red-dental/contracts';
import type { LineaJuzgada } from '../prestaciones/prestaciones-motor.ts';

// ---------------------------------------------------------------------------
// What the closing makes of each line once the rules have judged it again as
// of its date of service: paid by the rules, debited with a reason, or sent
// to an auditor (with an alarm where the rules found what the chair did not
// say). Pure functions: the same line, rules and seed give the same answer.
// ---------------------------------------------------------------------------

/** A validated line as the closing reads it, besides what the engine judges. */
export interface LineaPresentada {
  id: number;
  profesionalId: number;
  fecha: string;
  /** The month of its date of service. */
  periodo: string;
  importe: number;
  coseguro: number;
  cargoOs: number;
  /** The rules' results as the chair read them. */
  resultados: readonly Resultado[];
  regularizarAntes: string | null;
  plazoPresentacionDias: number;
  /** The debited line this one bills again: its window and amount were checked when it was rebilled. */
  refacturaDe: number | null;
}

export interface Desenlace {
  estado: 'aprobada' | 'rechazada' | 'presentada';
  /** What the network pays of the insurer's share: all of it, none, or (waiting) null. */
  importeAprobado: number | null;
  motivo: CodigoDebito | null;
  motivoText: string | null;
  muestra: MotivoMuestra | null;
  /** Findings the chair did not say. */
  alarmas: Resultado[];
}

const rechazo = (motivo: CodigoDebito, motivoText: string): Desenlace => ({
  estado: 'rechazada',
  importeAprobado: 0,
  motivo,
  motivoText,
  muestra: null,
  alarmas: [],
});

const aAuditoria = (muestra: MotivoMuestra, alarmas: Resultado[] = []): Desenlace => ({
  estado: 'presentada',
  importeAprobado: null,
  motivo: null,
  motivoText: null,
  muestra,
  alarmas,
});

/**
 * The line's fate before any sample: a late line is debited (D13); a finding
 * the chair did not say stops it for an auditor (an alarm: the rules should
 * have said it at the chair); a refusal the chair announced as a warning
 * (a missing X-ray, the token, an emergency never regularized) is the
 * débito it said it would be; another warning is for an auditor to weigh;
 * a clean line is null, for the sample to decide.
 */
export function desenlace(
  l: LineaPresentada,
  juzgada: LineaJuzgada,
  cierre: { periodo: string; fecha: string },
): Desenlace | null {
  const vence = addDays(l.fecha, l.plazoPresentacionDias);
  if (l.refacturaDe === null && l.periodo < cierre.periodo && vence < cierre.fecha)
    return rechazo(
      'D13',
      `Presentada fuera de plazo: la atención del ${formatFecha(l.fecha)} debía presentarse hasta el ${formatFecha(vence)}`,
    );

  const hallados: Resultado[] = juzgada.resultados.filter((r) => r.nivel !== 'ok' && r.codigo !== null);
  if (l.refacturaDe === null && juzgada.importe !== null && juzgada.importe !== l.importe)
    hallados.push({
      codigo: 'D14',
      nivel: 'aviso',
      mensaje: `El arancel del ${formatFecha(l.fecha)} es ${formatImporte(juzgada.importe)} y la línea se validó por ${formatImporte(l.importe)}`,
    });
  const dichos = new Set(l.resultados.filter((r) => r.nivel !== 'ok').map((r) => r.codigo));
  const alarmas = hallados.filter((r) => !dichos.has(r.codigo));
  if (alarmas.length > 0) return aAuditoria('alarma', alarmas);

  const bloqueo = hallados.find((r) => r.nivel === 'bloqueo');
  if (bloqueo) return rechazo(bloqueo.codigo!, bloqueo.mensaje);
  if (
    l.regularizarAntes !== null &&
    l.regularizarAntes < cierre.fecha &&
    hallados.some((r) => r.codigo === 'D07')
  )
    return rechazo(
      'D07',
      `Urgencia sin regularizar: la autorización debía pedirse hasta el ${formatFecha(l.regularizarAntes)}`,
    );
  if (hallados.length > 0) return aAuditoria('aviso');
  return null;
}

/** A number in [0, 1) drawn from the seed for the line: the same seed draws the same lines. */
export function sorteo(semilla: number, lineaId: number): number {
  return createHash('sha256').update(`${semilla}:${lineaId}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** The seed a month draws from when staff give none: fixed by the month, so a rerun draws the same. */
export function semillaDe(periodo: string): number {
  return createHash('sha256').update(`red-dental:${periodo}`).digest().readUInt32BE(0) >>> 1 || 1;
}

/**
 * The dentists whose month stands out: the insurer's share per affiliate
 * treated at least `desvio` times the network's median over dentists.
 */
export function desviados(
  porProfesional: ReadonlyMap<number, { cargoOs: number; afiliados: number }>,
  desvio: number | null,
): Set<number> {
  if (desvio === null || porProfesional.size < 3) return new Set();
  const tasas = [...porProfesional].map(([id, p]) => [id, p.cargoOs / Math.max(1, p.afiliados)] as const);
  const orden = tasas.map(([, t]) => t).sort((a, b) => a - b);
  const mitad = Math.floor(orden.length / 2);
  const mediana = orden.length % 2 ? orden[mitad]! : (orden[mitad - 1]! + orden[mitad]!) / 2;
  return new Set(tasas.filter(([, t]) => mediana > 0 && t >= desvio * mediana).map(([id]) => id));
}

/** Of a clean line, whether the sample takes it and why; null: the rules pay it. */
export function enMuestra(
  l: Pick<LineaPresentada, 'id' | 'cargoOs' | 'profesionalId'>,
  muestra: Muestra,
  semilla: number,
  desviadosSet: ReadonlySet<number>,
): MotivoMuestra | null {
  if (muestra.desde !== null && l.cargoOs >= muestra.desde) return 'monto';
  if (desviadosSet.has(l.profesionalId)) return 'desvio';
  if (sorteo(semilla, l.id) < muestra.porcentaje / 100) return 'azar';
  return null;
}
