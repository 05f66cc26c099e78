import { addMonths, type CodigoDebito, dayBefore, type Regla, type Simulacion } from '@red-dental/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { findAll } from '../planes/planes-reglas.repository.ts';
import type { LineaJuzgada } from '../prestaciones/prestaciones-motor.ts';
import * as cierre from './cierre.repository.ts';
import { juzgarLinea } from './cierre-juez.ts';
import * as repo from './simulacion.repository.ts';

/** Affiliates judged per slice, as the closing reads them. */
const TRAMO = 500;
const EJEMPLOS = 50;

/** The three calendar months before today's: what a draft is tried on. */
export function ventana(hoy: string): { desde: string; hasta: string } {
  const primero = `${hoy.slice(0, 7)}-01`;
  return { desde: addMonths(primero, -3), hasta: dayBefore(primero) };
}

/** The fees, and the draft's plan's rules, in force before the draft is written. */
export interface Vigente {
  aranceles: cierre.Aranceles;
  reglas: Map<number, Regla[]>;
}

/** Reads what is in force, in the draft's transaction, before the draft writes anything. */
export async function leerVigente(tx: DbOrTx, alcance: repo.Alcance): Promise<Vigente> {
  return {
    aranceles: await cierre.findAranceles(tx),
    reglas: 'planId' in alcance ? new Map([[alcance.planId, await findAll(tx, alcance.planId)]]) : new Map(),
  };
}

const enVigor = (reglas: readonly Regla[], fecha: string) =>
  reglas.filter((r) => r.vigenteDesde <= fecha && (r.vigenteHasta === null || r.vigenteHasta >= fecha));

/**
 * How the rules end a line: refused, the débito of its first refusal and the insurer's share it
 * takes (the one the line had when the rules give no fee at all); else covered, with that share.
 */
function desenlaceDe(j: LineaJuzgada, cargoOs: number) {
  const refusal = j.resultados.find((r) => r.nivel === 'bloqueo' && r.codigo !== null);
  return refusal
    ? { codigo: refusal.codigo as CodigoDebito, importe: j.importe === null ? cargoOs : j.cargoOs }
    : { codigo: null, importe: j.cargoOs };
}

type Fila = Simulacion['filas'][number];

/**
 * Judges every line of the last three months that the draft touches twice,
 * as the closing would: under what was in force (`vigente`, read before the
 * draft was written) and under the draft (written in `tx`, which the caller
 * rolls back). Each line stands against the history as recorded. Affiliates
 * are read in slices, so memory stays flat however many lines there are.
 */
export async function simular(
  tx: DbOrTx,
  alcance: repo.Alcance,
  vigente: Vigente,
  hoy: string,
): Promise<Simulacion> {
  const { desde, hasta } = ventana(hoy);
  const codigos = await cierre.findCodigosMotor(tx);
  const convenios = await cierre.findConvenios(tx);
  const aranceles = await cierre.findAranceles(tx);
  const obras = await repo.obrasDeConvenios(tx);
  const borrador = new Map<number, Regla[]>();
  const reglasDe = async (planId: number) => {
    let reglas = borrador.get(planId);
    if (!reglas) {
      reglas = await findAll(tx, planId);
      borrador.set(planId, reglas);
    }
    return reglas;
  };

  const filas = new Map<string, Fila>();
  const sumar = (obra: Fila['obraSocial'], d: ReturnType<typeof desenlaceDe>, lado: 'antes' | 'despues') => {
    const clave = `${obra.id}:${d.codigo ?? ''}`;
    let fila = filas.get(clave);
    if (!fila) {
      fila = {
        obraSocial: obra,
        codigo: d.codigo,
        antes: { lineas: 0, importe: 0 },
        despues: { lineas: 0, importe: 0 },
      };
      filas.set(clave, fila);
    }
    fila[lado].lineas++;
    fila[lado].importe += d.importe;
  };

  const cambiadas: (Omit<Simulacion['ejemplos'][number], 'profesional'> & { profesionalId: number })[] = [];
  let lineas = 0;
  let cambian = 0;
  const afiliados = await repo.afiliadosASimular(tx, alcance, desde, hasta);
  for (let i = 0; i < afiliados.length; i += TRAMO) {
    const tramo = await cierre.findTramo(tx, afiliados.slice(i, i + TRAMO), hasta);
    let inicio = 0;
    for (let n = 0; n < tramo.lineas.length; n++) {
      const l = tramo.lineas[n]!;
      if (n > 0 && tramo.lineas[n - 1]!.afiliadoId !== l.afiliadoId) inicio = n;
      const delAlcance =
        'planId' in alcance ? l.planId === alcance.planId : l.convenioId === alcance.convenioId;
      if (!delAlcance || l.estado === 'anulada' || l.fecha < desde || l.fecha > hasta) continue;
      const despues = await reglasDe(l.planId);
      const antes = vigente.reglas.get(l.planId) ?? despues;
      const comun = { codigos, convenios };
      const a = desenlaceDe(
        juzgarLinea(tramo, n, inicio, {
          ...comun,
          aranceles: vigente.aranceles,
          reglas: enVigor(antes, l.fecha),
        }),
        l.cargoOs,
      );
      const d = desenlaceDe(
        juzgarLinea(tramo, n, inicio, { ...comun, aranceles, reglas: enVigor(despues, l.fecha) }),
        l.cargoOs,
      );
      const obra = obras.get(l.convenioId)!;
      sumar(obra, a, 'antes');
      sumar(obra, d, 'despues');
      lineas++;
      if (a.codigo === d.codigo && a.importe === d.importe) continue;
      cambian++;
      if (cambiadas.length < EJEMPLOS)
        cambiadas.push({
          lineaId: l.id,
          fecha: l.fecha,
          codigo: l.codigo,
          nombre: codigos.get(l.codigo)?.nombre ?? l.codigo,
          pieza: l.pieza,
          caras: l.caras || null,
          sector: l.sector,
          obraSocial: obra.nombre,
          profesionalId: l.profesionalId,
          antes: a,
          despues: d,
        });
    }
  }
  const nombres = await repo.nombresDeProfesionales(tx, [...new Set(cambiadas.map((c) => c.profesionalId))]);
  return {
    desde,
    hasta,
    lineas,
    cambian,
    filas: [...filas.values()].sort(
      (x, y) =>
        x.obraSocial.nombre.localeCompare(y.obraSocial.nombre, 'es') ||
        (x.codigo ?? '').localeCompare(y.codigo ?? ''),
    ),
    ejemplos: cambiadas.map(({ profesionalId, ...c }) => ({
      ...c,
      profesional: nombres.get(profesionalId) ?? '',
    })),
  };
}

/** Thrown from inside a transaction to roll back a simulated write, carrying its answer out. */
export class Deshacer<T> extends Error {
  constructor(readonly valor: T) {
    super('simulated: rolled back');
  }
}

/** Runs a write that may end in `Deshacer`: rolled back, and its answer returned as if it had committed. */
export async function deshaciendo<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Deshacer) return error.valor as T;
    throw error;
  }
}
