import {
  addDays,
  type CierreInput,
  cierreInputSchema,
  finDePeriodo,
  formatFecha,
  MESSAGES,
  type Muestra,
  networkClock,
  periodoSiguiente,
  type Regla,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import { reglasEnVigor } from '../planes/planes-reglas.repository.ts';
import * as repo from './cierre.repository.ts';
import { juzgarLinea } from './cierre-juez.ts';
import { type Desenlace, desenlace, desviados, enMuestra, semillaDe } from './cierre-motor.ts';
import { vencerObservadas } from './lineas.repository.ts';
import { resumen } from './periodos.repository.ts';
import { guardarCifras } from './tablero-cierre.repository.ts';

const M = MESSAGES.cierre;

type Deps = Pick<FastifyInstance, 'db'>;

/** Affiliates judged per slice: their whole history is in memory at once, and no more. */
const TRAMO = 500;

/**
 * Closes the month `periodo` for the whole network, in one transaction: a
 * closing cut off half-way (the server killed, the database restarted)
 * leaves nothing, and the next run does all of it. Closings wait for each
 * other on a database lock, so two servers asked at once close it once; a
 * closed month answers with what its closing made and changes nothing.
 *
 * Every line validated up to the month's end is presented and judged again
 * by the engine as of its date of service, against the history the chair
 * saw; what the rules settle is settled, the rest goes to the auditors.
 * Then every decided line not yet settled goes into its dentist's
 * settlement, and what is to be paid into its contract's lot.
 */
export async function cerrar(
  deps: Deps,
  caller: Subject,
  periodo: string,
  raw: CierreInput | undefined,
  now = new Date(),
) {
  const input = cierreInputSchema.parse(raw ?? {});
  const hoy = networkClock(now).date;
  const fin = finDePeriodo(periodo);
  if (hoy <= fin) throw badRequest(M.PERIODO_ABIERTO(periodo, formatFecha(addDays(fin, 1))));

  const cerrado = await deps.db.transaction(async (tx) => {
    await repo.lockCierres(tx);
    if (await repo.findPeriodoCerrado(tx, periodo)) return false;
    const ultimo = await repo.ultimoPeriodoCerrado(tx);
    if (ultimo !== undefined && periodo < ultimo) throw conflict(M.PERIODO_PASADO(periodo, ultimo));
    if (ultimo !== undefined && periodo !== periodoSiguiente(ultimo))
      throw conflict(M.PERIODO_ANTERIOR(periodoSiguiente(ultimo)));

    const semilla = input.semilla ?? semillaDe(periodo);
    await repo.insertPeriodo(tx, {
      periodo,
      fechaCierre: hoy,
      semilla,
      muestra: input.muestra,
      userId: caller.id,
    });
    // Observations left unanswered become the débito they named, and are settled with the rest.
    await vencerObservadas(tx, hoy);
    const presentadas = await presentar(tx, deps.db, {
      periodo,
      fecha: hoy,
      fin,
      semilla,
      muestra: input.muestra,
    });
    await repo.liquidarYFacturar(tx, periodo, hoy);
    await guardarCifras(tx, periodo);
    await recordAudit(tx, caller, {
      action: 'close',
      entity: 'periodo',
      entityId: null,
      details: { periodo, lineas: presentadas, semilla },
    });
    return true;
  });
  return { cerrado, periodo: await resumen(deps.db, periodo) };
}

/**
 * Presents every validated line dated up to `fin`, affiliate slice by slice:
 * each judged again by the engine (as of its date, with the rules, fee and
 * contract of that day, against the lines recorded before it), its fate
 * decided, the clean ones sampled. Returns how many it presented.
 */
async function presentar(
  tx: DbOrTx,
  owner: object,
  c: {
    periodo: string;
    fecha: string;
    fin: string;
    semilla: number;
    muestra: Muestra;
  },
): Promise<number> {
  const afiliados = await repo.afiliadosAPresentar(tx, c.fin);
  if (afiliados.length === 0) return 0;
  const codigos = await repo.findCodigosMotor(tx);
  const convenios = await repo.findConvenios(tx);
  const aranceles = await repo.findAranceles(tx);
  const conDesvio = desviados(await repo.aportesPorProfesional(tx, c.fin), c.muestra.desvio);
  const reglasDe = new Map<string, readonly Regla[]>();
  let presentadas = 0;

  for (let i = 0; i < afiliados.length; i += TRAMO) {
    const tramo = await repo.findTramo(tx, afiliados.slice(i, i + TRAMO), c.fin);
    const desenlaces: (Desenlace & { id: number })[] = [];
    // The slice's lines come by affiliate and in the order they were recorded.
    let desde = 0;
    for (let n = 0; n < tramo.lineas.length; n++) {
      const l = tramo.lineas[n]!;
      if (n > 0 && tramo.lineas[n - 1]!.afiliadoId !== l.afiliadoId) desde = n;
      if (!l.presentar) continue;
      const convenio = convenios.get(l.convenioId)!;
      const clave = `${l.planId}:${l.reglasVersion}:${l.fecha}`;
      let reglas = reglasDe.get(clave);
      if (!reglas) {
        reglas = (await reglasEnVigor(tx, l.planId, l.fecha, l.reglasVersion, owner)) ?? [];
        reglasDe.set(clave, reglas);
      }
      const juzgada = juzgarLinea(tramo, n, desde, { codigos, convenios, aranceles, reglas });
      const presentada = { ...l, plazoPresentacionDias: convenio.plazoPresentacionDias };
      const d = desenlace(presentada, juzgada, c) ?? aprobarOMuestrear(presentada, c, conDesvio);
      desenlaces.push({ ...d, id: l.id });
    }
    await repo.guardarDesenlaces(tx, c.periodo, desenlaces);
    presentadas += desenlaces.length;
  }
  return presentadas;
}

function aprobarOMuestrear(
  l: repo.LineaPresentada,
  c: { semilla: number; muestra: Muestra },
  conDesvio: ReadonlySet<number>,
): Desenlace {
  const muestra = enMuestra(l, c.muestra, c.semilla, conDesvio);
  return muestra
    ? { estado: 'presentada', importeAprobado: null, motivo: null, motivoText: null, muestra, alarmas: [] }
    : {
        estado: 'aprobada',
        importeAprobado: l.cargoOs,
        motivo: null,
        motivoText: null,
        muestra: null,
        alarmas: [],
      };
}
