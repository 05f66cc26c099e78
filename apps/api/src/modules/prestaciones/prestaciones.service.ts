import {
  addDays,
  edadEn,
  formatFecha,
  type Historia,
  type LineaEvaluada,
  type LineaHistoria,
  MESSAGES,
  networkClock,
  normalizeDocumento,
  type Validacion,
  type ValidarValues,
  ZONA_BOCA_LABELS,
  type ZonaBoca,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { legibleCode } from '../../lib/legible-code.ts';
import { affiliatePrestacionesUrl } from '../../lib/public-links.ts';
import { checkToken } from '../../lib/token-afiliado.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as autorizacionesRepo from '../autorizaciones/autorizaciones.repository.ts';
import * as tokenRepo from '../token-afiliado/token-afiliado.repository.ts';
import { preguntaAtencionMail } from './prestaciones.mails.ts';
import * as repo from './prestaciones.repository.ts';
import { afiliadoOf, contextoMotor, profesionalOf } from './prestaciones-contexto.ts';
import {
  evaluarVisita,
  garantiaDe,
  type LineaJuzgada,
  lugar,
  proximasCubiertas,
} from './prestaciones-motor.ts';

const M = MESSAGES.prestaciones;

type Deps = Pick<FastifyInstance, 'db' | 'consumeQuota'>;
type ValidarDeps = Deps & Pick<FastifyInstance, 'secretBox' | 'spendFailure' | 'mail' | 'config'>;
const T = MESSAGES.tokenAfiliado;

/** A dentist's history reads: 300 an hour, each written to the audit log, like coverage checks. */
export const HISTORIA_LIMIT = {
  max: 300,
  windowSeconds: 3600,
  message: MESSAGES.afiliados.COVERAGE_CHECK_LIMIT,
};

/** Validation codes: two groups of four legible characters. */
const nuevoCodigo = () => legibleCode(4, 4);

type Afiliado = NonNullable<repo.Contexto['afiliado']>;

/** Where a line of the history is, before its words: '36 O: ', 'Sector superior derecho: ', nothing for the whole mouth. */
function donde(l: { pieza: number | null; caras: string; sector: ZonaBoca | null }): string {
  if (l.pieza !== null) return `${l.pieza}${l.caras ? ` ${l.caras}` : ''}: `;
  if (l.sector) return `${ZONA_BOCA_LABELS[l.sector].replace(/^./, (c) => c.toUpperCase())}: `;
  return '';
}

/** Whether the affiliate is covered on `fecha`, said in words. */
function coberturaEn(a: Afiliado, convenio: repo.Contexto['convenio'], fecha: string): Historia['cobertura'] {
  if (a.fechaBaja !== null && a.fechaBaja <= fecha)
    return { vigente: false, mensaje: `De baja desde el ${formatFecha(a.fechaBaja)}: sin cobertura` };
  if (!a.obraSocial) return { vigente: false, mensaje: M.SIN_OBRA_SOCIAL };
  if (!a.plan)
    return { vigente: false, mensaje: `Sin plan asignado: ${a.obraSocial.nombre} debe informarlo a la red` };
  if (a.fechaAlta !== null && a.fechaAlta > fecha)
    return { vigente: false, mensaje: `Vigente desde el ${formatFecha(a.fechaAlta)}` };
  if (!convenio)
    return { vigente: false, mensaje: `La red no tiene convenio vigente con ${a.obraSocial.nombre}` };
  return { vigente: true, mensaje: `Cubierto hoy por ${a.obraSocial.nombre}, ${a.plan.nombre}` };
}

/**
 * The affiliate's history across the network as the chair reads it: who
 * they are and whether covered today, every line on each tooth with its
 * guarantee, and what the plan covers next. Other dentists are never named.
 * The read is counted against the dentist's hourly quota and audited.
 */
export async function historia(
  deps: Deps,
  caller: Subject,
  raw: string,
  now = new Date(),
): Promise<Historia> {
  const hoy = networkClock(now).date;
  const documento = normalizeDocumento(raw);
  if (!documento) throw badRequest(M.DOCUMENTO_REQUIRED, { documento: M.DOCUMENTO_REQUIRED });
  // The quota, the read and its audit row commit together: one write to the log a read, not two.
  // The dentist's quota row is counted last, so its lock is held for the commit alone and her
  // reads in parallel do not queue behind each other's; over the quota, all of it rolls back.
  const leido = await deps.db.transaction(async (tx) => {
    const ctx = await repo.findContexto(tx, { userId: caller.id, documento, fecha: hoy });
    const profesional = profesionalOf(ctx);
    const cuenta = () => deps.consumeQuota(tx, `historia:${caller.id}`, HISTORIA_LIMIT);
    // A document that is no one's still counts against the quota: the 404 comes once it is kept.
    if (!ctx.afiliado) {
      await cuenta();
      return undefined;
    }
    const a = ctx.afiliado;
    // A dentist who does not take the insurer learns who the patient is and that she does not,
    // nothing of their mouth.
    const datos: repo.Datos = a.atiende
      ? await repo.findDatos(tx, { afiliadoId: a.id, codigos: [], convenioId: null, fecha: hoy })
      : { historia: [], codigos: new Map(), aranceles: new Map() };
    const motor = await contextoMotor(tx, deps.db, ctx, profesional.id, datos, {
      fecha: hoy,
      canal: 'normal',
      tokenProbado: false,
    });
    const autorizaciones = a.atiende ? await autorizacionesRepo.findVigentes(tx, a.id, profesional.id) : [];
    await recordAudit(tx, caller, {
      action: 'consult',
      entity: 'historia',
      entityId: a.id,
      details: { afiliadoId: a.id, documento: a.documento, lineas: datos.historia.length },
      documento: a.documento,
      afiliadoIds: [a.id],
    });
    await cuenta();
    return { ctx, profesional, a, datos, motor, autorizaciones };
  });
  if (!leido) throw notFound(M.AFILIADO_NOT_FOUND);
  const { ctx, profesional, a, datos, motor, autorizaciones } = leido;
  const lineas: LineaHistoria[] = datos.historia
    .slice()
    .reverse()
    .map((l) => {
      const propia = l.profesionalId === profesional.id;
      const prestador = propia ? profesional.nombre : M.OTRO_PRESTADOR;
      const garantiaHasta = l.estado === 'anulada' || l.estado === 'rechazada' ? null : garantiaDe(motor, l);
      const caras = l.caras || null;
      const vigente = garantiaHasta !== null && garantiaHasta > hoy;
      return {
        id: propia ? l.id : null,
        fecha: l.fecha,
        codigo: l.codigo,
        nombre: l.nombre,
        pieza: l.pieza,
        caras,
        sector: l.sector as ZonaBoca | null,
        estado: l.estado,
        propia,
        prestador,
        garantiaHasta,
        texto: `${donde(l)}${l.nombre} el ${formatFecha(l.fecha)} por ${propia ? 'usted' : prestador}${vigente ? ` — en garantía hasta el ${formatFecha(garantiaHasta!)}` : ''}${l.estado === 'anulada' ? ' (anulada)' : ''}`,
      };
    });
  return {
    afiliado: {
      id: a.id,
      nombre: a.nombre,
      documento: a.documento,
      edad: a.fechaNacimiento ? edadEn(a.fechaNacimiento, hoy) : null,
      obraSocial: a.obraSocial,
      plan: a.plan && { id: a.plan.id, codigo: a.plan.codigo, nombre: a.plan.nombre },
      numeroAfiliado: a.numeroAfiliado,
      fechaAlta: a.fechaAlta,
    },
    cobertura: coberturaEn(a, ctx.convenio, hoy),
    atiende: a.atiende,
    fechaMinima: addDays(hoy, -(ctx.convenio?.plazoPresentacionDias ?? 0)),
    hoy,
    requiereToken: ctx.convenio?.requiereToken ?? false,
    lineas,
    proximas: a.plan && a.atiende ? proximasCubiertas(motor) : [],
    autorizaciones,
  };
}

const evaluada = (j: LineaJuzgada, id: number | null): LineaEvaluada => ({
  id,
  codigo: j.linea.codigo,
  nombre: j.codigo?.nombre ?? j.linea.codigo,
  pieza: j.linea.pieza,
  caras: j.linea.caras,
  sector: j.linea.sector,
  autorizacion: j.linea.autorizacion,
  estado: id === null ? null : 'validada',
  importe: j.importe,
  coseguro: j.coseguro,
  cargoOs: j.cargoOs,
  nivel: j.nivel,
  resultados: j.resultados,
  regularizarAntes: j.regularizarAntes,
});

function respuesta(
  juzgadas: LineaJuzgada[],
  fecha: string,
  guardada?: { codigo: string; id: number; lineas: number[] },
): Validacion {
  const lineas = juzgadas.map((j, i) => evaluada(j, guardada?.lineas[i] ?? null));
  const sum = (k: 'importe' | 'coseguro' | 'cargoOs') => lineas.reduce((s, l) => s + (l[k] ?? 0), 0);
  return {
    codigoValidacion: guardada?.codigo ?? null,
    atencionId: guardada?.id ?? null,
    fecha,
    lineas,
    totales: { importe: sum('importe'), coseguro: sum('coseguro'), cargoOs: sum('cargoOs') },
  };
}

/** The answer of a visit with a blocked line: 422 with every line's results, nothing written. */
export class VisitaBloqueada extends Error {
  constructor(readonly validacion: Validacion) {
    super(M.BLOQUEADA);
  }
}

/**
 * Checks a visit's lines and, unless `dryRun`, records them: one visit, its
 * lines `validada`, a validation code. Runs under a lock of the affiliate's
 * row, so a second validation for the same affiliate waits for this one and
 * then sees its lines. A blocked line refuses the whole visit (422, nothing
 * written); the same answer comes with dryRun as a 200.
 */
export async function validar(
  deps: ValidarDeps,
  caller: Subject,
  v: ValidarValues,
  dryRun: boolean,
  now = new Date(),
): Promise<Validacion> {
  const hoy = networkClock(now).date;
  const documento = normalizeDocumento(v.documento);
  if (!documento) throw badRequest(M.DOCUMENTO_REQUIRED, { documento: M.DOCUMENTO_REQUIRED });
  if (v.fecha > hoy) throw badRequest(M.FECHA_FUTURA, { fecha: M.FECHA_FUTURA });
  const codigos = [...new Set(v.lineas.map((l) => l.codigo))];

  /** Who, for whom and under what, read from `db`; refused when she may not validate it. */
  const leer = async (db: DbOrTx) => {
    const ctx = await repo.findContexto(db, { userId: caller.id, documento, fecha: v.fecha });
    const profesional = profesionalOf(ctx);
    const a = afiliadoOf(ctx);
    if (!a.obraSocial) throw badRequest(M.SIN_OBRA_SOCIAL, { documento: M.SIN_OBRA_SOCIAL });
    if (!a.atiende) throw forbidden(M.NO_ATIENDE);
    const plazo = ctx.convenio?.plazoPresentacionDias ?? 0;
    if (v.fecha < addDays(hoy, -plazo)) {
      const message = plazo === 0 ? M.SOLO_HOY : M.FECHA_FUERA_DE_PLAZO(formatFecha(addDays(hoy, -plazo)));
      throw badRequest(message, { fecha: message });
    }
    return { ctx, profesional, a };
  };
  /**
   * The token typed, checked against the affiliate's phone before anything is locked (a wrong one
   * counts, is audited and answers 400); the time step it proved, spent with the visit.
   */
  const probarToken = async ({ profesional, a }: Awaited<ReturnType<typeof leer>>) => {
    if (!v.token) return undefined;
    const d = await tokenRepo.findActivo(deps.db, a.id);
    if (!d) throw badRequest(T.TOKEN_SIN_DISPOSITIVO, { token: T.TOKEN_SIN_DISPOSITIVO });
    const step = await checkToken(deps, {
      door: 'sillon',
      afiliadoId: a.id,
      secreto: d.secreto,
      pasoSegundos: d.paso_segundos,
      codigo: v.token,
      client: `profesional:${profesional.id}`,
      lastStep: d.ultimo_paso,
      timestamp: now.getTime(),
    });
    if (typeof step === 'number') return { dispositivoId: d.id, step };
    await recordAudit(deps.db, caller, {
      action: 'reject',
      entity: 'token',
      entityId: a.id,
      details: { afiliadoId: a.id, documento: a.documento, motivo: step === 'used' ? 'usado' : 'incorrecto' },
      documento: a.documento,
      afiliadoIds: [a.id],
    });
    const message = step === 'used' ? T.TOKEN_USADO : T.TOKEN_INCORRECTO;
    throw badRequest(message, { token: message });
  };
  const token = dryRun ? undefined : await probarToken(await leer(deps.db));
  // A check while the lines are added takes a typed token as the one that will be proven at Validar.
  const tokenProbado = dryRun ? v.token !== null : token !== undefined;
  const judge = async (db: DbOrTx, { ctx, profesional, a }: Awaited<ReturnType<typeof leer>>) => {
    const datos = await repo.findDatos(db, {
      afiliadoId: a.id,
      codigos,
      convenioId: ctx.convenio?.id ?? null,
      fecha: v.fecha,
    });
    // The prior authorizations the lines name: read only when one does.
    const numeros = [...new Set(v.lineas.flatMap((l) => (l.autorizacion ? [l.autorizacion] : [])))];
    const autorizaciones = await autorizacionesRepo.findParaMotor(db, a.id, profesional.id, numeros);
    const motor = await contextoMotor(
      db,
      deps.db,
      ctx,
      profesional.id,
      datos,
      { fecha: v.fecha, canal: v.canal, tokenProbado },
      autorizaciones,
    );
    return { datos, juzgadas: evaluarVisita(motor, v.lineas) };
  };

  if (dryRun) return respuesta((await judge(deps.db, await leer(deps.db))).juzgadas, v.fecha);

  const result = await deps.db.transaction(async (tx) => {
    // The affiliate's row first: what follows reads the affiliate, the contract and the history as
    // they stand once any other validation for them has committed.
    await repo.lockAfiliado(tx, documento);
    const leido = await leer(tx);
    const { ctx, profesional, a } = leido;
    const { datos, juzgadas } = await judge(tx, leido);
    if (juzgadas.some((j) => j.nivel === 'bloqueo')) return { bloqueada: respuesta(juzgadas, v.fecha) };
    const nuevas = juzgadas.map((j) => ({
      codigoId: datos.codigos.get(j.linea.codigo)!.id,
      pieza: j.linea.pieza,
      caras: j.linea.caras ?? '',
      sector: j.linea.sector,
      autorizacion: j.linea.autorizacion,
      adjuntos: j.linea.adjuntos,
      importe: j.importe!,
      coseguro: j.coseguro,
      cargoOs: j.cargoOs,
      resultados: j.resultados,
      regularizarAntes: j.regularizarAntes,
    }));
    let guardada: { id: number; lineas: number[] } | undefined;
    let codigo = '';
    // A taken code (one in 10¹¹) is drawn again; the unique index is the judge.
    for (let attempt = 0; !guardada; attempt++) {
      if (attempt === 5) throw new Error('No se pudo generar un código de validación libre');
      codigo = nuevoCodigo();
      guardada = await repo.insertAtencion(
        tx,
        {
          codigoValidacion: codigo,
          afiliadoId: a.id,
          profesionalId: profesional.id,
          obraSocialId: a.obraSocial!.id,
          convenioId: ctx.convenio!.id,
          planId: a.plan!.id,
          fecha: v.fecha,
          canal: v.canal,
          tokenProbado,
          userId: caller.id,
        },
        nuevas,
      );
    }
    // Each authorization item a line's code needed is used by that line, once.
    for (const [i, j] of juzgadas.entries()) {
      const item = j.autorizacionUsada;
      if (item && !(await autorizacionesRepo.consumir(tx, item.itemId, guardada.lineas[i]!, v.fecha))) {
        const message = MESSAGES.autorizaciones.CONSUMIDA(item.numero);
        throw badRequest(message, { [`lineas.${i}.autorizacion`]: message });
      }
    }
    // The code is good once: another validation that raced with it leaves this one nothing to spend.
    if (token && !(await tokenRepo.spendStep(tx, token.dispositivoId, token.step))) {
      // Staff may have ended the phone meanwhile; else another validation spent the code first.
      const message = (await tokenRepo.findActivoPorId(tx, token.dispositivoId))
        ? T.TOKEN_USADO
        : T.TOKEN_SIN_DISPOSITIVO;
      throw badRequest(message, { token: message });
    }
    await recordAudit(tx, caller, {
      action: 'validate',
      entity: 'atencion',
      entityId: guardada.id,
      details: {
        afiliadoId: a.id,
        codigoValidacion: codigo,
        documento: a.documento,
        fecha: v.fecha,
        canal: v.canal,
        token: tokenProbado,
        lineas: juzgadas.map((j) => `${j.linea.codigo} ${lugar({ ...j.linea, caras: j.linea.caras })}`),
      },
      documento: a.documento,
      afiliadoIds: [a.id],
    });
    // The affiliate hears of it, if their e-mail is proven: was it so, and what were they charged?
    if (a.emailProbado)
      await deps.mail.enqueue(
        tx,
        preguntaAtencionMail(a.emailProbado, v.fecha, affiliatePrestacionesUrl(deps.config)),
      );
    return { ok: respuesta(juzgadas, v.fecha, { codigo, ...guardada }) };
  });
  if ('bloqueada' in result) throw new VisitaBloqueada(result.bloqueada!);
  deps.mail.wake();
  return { ...result.ok!, message: M.VALIDADA(result.ok!.codigoValidacion!) };
}
