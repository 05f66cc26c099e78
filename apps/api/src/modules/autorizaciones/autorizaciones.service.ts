import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type Adjunto,
  type Autorizacion,
  type AutorizacionDecision,
  type AutorizacionesQuery,
  type AutorizacionValues,
  type ColaAutorizacionesQuery,
  ESTADO_AUTORIZACION_LABELS,
  type EstadoAutorizacion,
  MESSAGES,
  MOTIVOS_AUDITORIA,
  type MotivoAuditoria,
  networkClock,
  normalizeDocumento,
  PERMISSIONS,
  type Resultado,
  type ZonaBoca,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { sinUbicacion } from '../../lib/image-location.ts';
import { legibleCode } from '../../lib/legible-code.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as prestacionesRepo from '../prestaciones/prestaciones.repository.ts';
import { afiliadoOf, contextoMotor, profesionalOf } from '../prestaciones/prestaciones-contexto.ts';
import { evaluarVisita, lugar } from '../prestaciones/prestaciones-motor.ts';
import type { AdjuntoMime } from './adjunto-sniffer.ts';
import { autorizacionCambioMail } from './autorizaciones.mails.ts';
import * as repo from './autorizaciones.repository.ts';

/*
 * Prior authorization: a dentist asks before treating what the plan makes
 * wait for an auditor; the rules decide at once what they can, an auditor the
 * rest, in a thread with the dentist; a validated line then uses it.
 */

const M = MESSAGES.autorizaciones;
type Deps = Pick<FastifyInstance, 'db' | 'mail' | 'config'>;
type FileDeps = Deps & Pick<FastifyInstance, 'storage'>;

/** What a request's lines say that is not the request itself: the authorization, its files, the token. */
const DEL_PEDIDO = new Set(['D05', 'D06', 'D07']);

/** Authorization numbers: 'AU-' and 8 legible characters. */
const nuevoNumero = () => `AU-${legibleCode(8)}`;

export const motivoTexto = (m: string | null) =>
  m === null ? null : (MOTIVOS_AUDITORIA[m as MotivoAuditoria] ?? m);

/** 422: a line the plan does not cover (or not for this patient): nothing is asked for. */
export class AutorizacionBloqueada extends Error {
  constructor(
    readonly lineas: {
      codigo: string;
      nombre: string;
      pieza: number | null;
      caras: string | null;
      sector: ZonaBoca | null;
      resultados: Resultado[];
    }[],
  ) {
    super(M.BLOQUEADA);
  }
}

const esAuditor = (caller: Subject) => caller.permissions.has(PERMISSIONS.AUTORIZACIONES_DECIDE);
const portalUrl = (deps: Pick<Deps, 'config'>, id: number) => `${deps.config.publicUrl}/autorizaciones/${id}`;

/**
 * A dentist asks for the lines she will do. Each is judged by the plan's rules as of today: one they
 * refuse (not covered, frequency, age, guarantee…) stops the request with the reason. Those that
 * need no authorization are not asked for. The rules decide it at once when nothing in it asks for
 * a person (no file the plan requires, no rule's warning); otherwise an auditor reviews it within
 * the contract's hours.
 */
export async function crear(deps: Deps, caller: Subject, input: AutorizacionValues, now = new Date()) {
  const hoy = networkClock(now).date;
  const documento = normalizeDocumento(input.documento);
  if (!documento)
    throw badRequest(MESSAGES.prestaciones.DOCUMENTO_REQUIRED, {
      documento: MESSAGES.prestaciones.DOCUMENTO_REQUIRED,
    });
  const codigos = [...new Set(input.lineas.map((l) => l.codigo))];
  const result = await deps.db.transaction(async (tx) => {
    await prestacionesRepo.lockAfiliado(tx, documento);
    const ctx = await prestacionesRepo.findContexto(tx, { userId: caller.id, documento, fecha: hoy });
    const profesional = profesionalOf(ctx);
    const a = afiliadoOf(ctx);
    if (!a.obraSocial)
      throw badRequest(MESSAGES.prestaciones.SIN_OBRA_SOCIAL, {
        documento: MESSAGES.prestaciones.SIN_OBRA_SOCIAL,
      });
    if (!a.atiende) throw forbidden(MESSAGES.prestaciones.NO_ATIENDE);
    const datos = await prestacionesRepo.findDatos(tx, {
      afiliadoId: a.id,
      codigos,
      convenioId: ctx.convenio?.id ?? null,
      fecha: hoy,
    });
    const motor = await contextoMotor(tx, deps.db, ctx, profesional.id, datos, {
      fecha: hoy,
      canal: 'normal',
      tokenProbado: true,
    });
    const lineas = input.lineas.map((l) => ({ ...l, autorizacion: null, adjuntos: [] }));
    const juzgadas = evaluarVisita(motor, lineas).map((j) => ({
      ...j,
      requiere: j.resultados.some((r) => r.codigo === 'D07'),
      pideAdjunto: j.resultados.some((r) => r.codigo === 'D05'),
      propios: j.resultados.filter((r) => r.codigo === null || !DEL_PEDIDO.has(r.codigo)),
    }));
    const bloqueadas = juzgadas.filter((j) => j.propios.some((r) => r.nivel === 'bloqueo'));
    if (bloqueadas.length || !ctx.convenio || !a.plan)
      return {
        bloqueada: juzgadas.map((j) => ({
          codigo: j.linea.codigo,
          nombre: j.codigo?.nombre ?? j.linea.codigo,
          pieza: j.linea.pieza,
          caras: j.linea.caras,
          sector: j.linea.sector,
          resultados: j.propios,
        })),
      };
    if (!juzgadas.some((j) => j.requiere)) throw badRequest(M.NO_REQUIERE, { lineas: M.NO_REQUIERE });
    const pedidas = juzgadas.filter((j) => j.requiere);
    const porRegla = pedidas.every((j) => !j.pideAdjunto && j.propios.every((r) => r.nivel === 'ok'));
    let id: number | undefined;
    let numero = '';
    for (let attempt = 0; id === undefined; attempt++) {
      if (attempt === 5) throw new Error('No se pudo generar un número de autorización libre');
      numero = nuevoNumero();
      id = await repo.insert(tx, {
        numero,
        afiliadoId: a.id,
        profesionalId: profesional.id,
        obraSocialId: a.obraSocial.id,
        convenioId: ctx.convenio.id,
        planId: a.plan.id,
        estado: porRegla ? 'aprobada' : 'en_revision',
        nota: input.nota ?? null,
        plazoHoras: ctx.convenio.plazoAutorizacionHoras,
        vigenciaDias: ctx.convenio.vigenciaAutorizacionDias,
        userId: caller.id,
        items: pedidas.map((j) => ({
          codigoId: datos.codigos.get(j.linea.codigo)!.id,
          pieza: j.linea.pieza,
          caras: j.linea.caras ?? '',
          sector: j.linea.sector,
          resultados: j.resultados,
        })),
      });
    }
    await recordAudit(tx, caller, {
      action: 'create',
      entity: 'autorizacion',
      entityId: id,
      details: {
        afiliadoId: a.id,
        documento: a.documento,
        numero,
        estado: porRegla ? 'aprobada' : 'en_revision',
        items: pedidas.map((j) => `${j.linea.codigo} ${lugar(j.linea)}`),
      },
      documento: a.documento,
      afiliadoIds: [a.id],
    });
    return { id, numero, porRegla };
  });
  if ('bloqueada' in result) throw new AutorizacionBloqueada(result.bloqueada!);
  const autorizacion = await leer(deps, result.id);
  return {
    ...autorizacion,
    message: result.porRegla ? M.APROBADA_POR_REGLA(result.numero) : M.EN_REVISION(result.numero),
  };
}

async function leer(deps: Pick<Deps, 'db'>, id: number): Promise<Autorizacion> {
  const row = await repo.findById(deps.db, id);
  if (!row) throw notFound(M.NOT_FOUND);
  const fila = repo.toFila(row, motivoTexto);
  return {
    ...fila,
    nota: row.nota,
    notaAuditor: row.nota_auditor,
    mensajes: await repo.findMensajes(deps.db, id),
  };
}

/** The request, for the dentist who asked for it or an auditor; 404 for anyone else (it says nothing). */
async function visible(deps: Pick<Deps, 'db'>, caller: Subject, id: number, lock = false, db = deps.db) {
  const row = await repo.findById(db, id, lock);
  if (!row || (!esAuditor(caller) && row.profesional_user_id !== caller.id)) throw notFound(M.NOT_FOUND);
  return row;
}

export async function obtener(deps: Pick<Deps, 'db'>, caller: Subject, id: number) {
  await visible(deps, caller, id);
  return leer(deps, id);
}

/** The dentist's own requests, newest first (of one state, if asked). */
export async function propias(deps: Pick<Deps, 'db'>, caller: Subject, q: AutorizacionesQuery) {
  const profesionalId = await prestacionesRepo.findProfesionalId(deps.db, caller.id);
  if (profesionalId === undefined) throw forbidden(MESSAGES.prestaciones.NOT_A_PRESTADOR);
  return repo.findPage(
    deps.db,
    { profesionalId, estado: q.estado },
    { limit: q.pageSize, offset: q.pageIndex * q.pageSize },
    motivoTexto,
  );
}

/** The auditors' queue: open requests, the earliest promise first (or those of one state, insurer, dentist, code). */
export async function cola(deps: Pick<Deps, 'db'>, q: ColaAutorizacionesQuery) {
  return repo.findPage(
    deps.db,
    {
      estado: q.estado,
      cola: true,
      obraSocialId: q.obraSocialId,
      profesionalId: q.profesionalId,
      codigo: q.codigo,
    },
    { limit: q.pageSize, offset: q.pageIndex * q.pageSize },
    motivoTexto,
  );
}

const estadoEn = (estado: EstadoAutorizacion) => ESTADO_AUTORIZACION_LABELS[estado].toLowerCase();

async function avisar(
  deps: Deps,
  tx: Parameters<Deps['mail']['enqueue']>[0],
  row: { id: number; numero: string; profesional_id: number; afiliado: string },
  estado: EstadoAutorizacion,
) {
  const to = await repo.findEmailProfesional(tx, row.profesional_id);
  if (to)
    await deps.mail.enqueue(
      tx,
      autorizacionCambioMail(
        to,
        { numero: row.numero, estado, paciente: row.afiliado },
        portalUrl(deps, row.id),
      ),
    );
}

/**
 * A message in the thread. The dentist answering an observed request sends it back to review, and
 * the contract's hours start again for the auditor.
 */
export async function mensaje(deps: Deps, caller: Subject, id: number, texto: string) {
  await deps.db.transaction(async (tx) => {
    const row = await visible(deps, caller, id, true, tx);
    if (row.estado !== 'en_revision' && row.estado !== 'observada')
      throw conflict(M.NO_RESPONDE(estadoEn(row.estado)));
    const propia = row.profesional_user_id === caller.id;
    await repo.insertMensaje(tx, {
      autorizacionId: id,
      de: propia ? 'prestador' : 'auditor',
      autorId: caller.id,
      texto,
    });
    if (propia && row.estado === 'observada') {
      const convenio = await repo.findPlazos(tx, id);
      await repo.setEstado(tx, id, { estado: 'en_revision', plazoHoras: convenio.plazoHoras });
    }
  });
  return { message: M.MENSAJE_ENVIADO };
}

/**
 * The auditor's decision on a request under review or observed: approve (all, or some items with a
 * reason), observe (what the dentist must send or answer, into the thread), or refuse with a reason.
 * Recorded with the state before and after, audited, and mailed to the dentist.
 */
export async function decidir(deps: Deps, caller: Subject, id: number, d: AutorizacionDecision) {
  await deps.db.transaction(async (tx) => {
    const row = await visible(deps, caller, id, true, tx);
    if (row.estado !== 'en_revision' && row.estado !== 'observada')
      throw conflict(M.NO_DECIDIBLE(estadoEn(row.estado)));
    const plazos = await repo.findPlazos(tx, id);
    const ids = new Set(row.items.map((i) => i.id));
    let despues: EstadoAutorizacion;
    switch (d.decision) {
      case 'aprobar':
        despues = 'aprobada';
        await repo.setEstado(tx, id, {
          estado: despues,
          auditorId: caller.id,
          motivo: null,
          nota: d.nota ?? null,
          vigenciaDias: plazos.vigenciaDias,
        });
        break;
      case 'aprobar_parcial': {
        const aprobados = [...new Set(d.items ?? [])];
        if (aprobados.some((i) => !ids.has(i)) || aprobados.length === 0 || aprobados.length >= ids.size)
          throw badRequest(M.ITEMS_REQUIRED, { items: M.ITEMS_REQUIRED });
        despues = 'aprobada_parcial';
        await repo.setEstado(tx, id, {
          estado: despues,
          auditorId: caller.id,
          motivo: d.motivo,
          nota: d.nota ?? null,
          vigenciaDias: plazos.vigenciaDias,
          itemsAprobados: aprobados,
        });
        break;
      }
      case 'observar':
        despues = 'observada';
        await repo.insertMensaje(tx, {
          autorizacionId: id,
          de: 'auditor',
          autorId: caller.id,
          texto: d.nota!,
        });
        await repo.setEstado(tx, id, { estado: despues });
        break;
      case 'rechazar':
        despues = 'rechazada';
        await repo.setEstado(tx, id, {
          estado: despues,
          auditorId: caller.id,
          motivo: d.motivo,
          nota: d.nota ?? null,
        });
        break;
    }
    await repo.insertDecision(tx, {
      autorizacionId: id,
      decision: d.decision,
      antes: row.estado,
      despues,
      motivo: d.motivo ?? null,
      nota: d.nota ?? null,
      auditorId: caller.id,
    });
    await recordAudit(tx, caller, {
      action: d.decision === 'rechazar' ? 'reject' : d.decision === 'observar' ? 'update' : 'approve',
      entity: 'autorizacion',
      entityId: id,
      details: {
        afiliadoId: row.afiliado_id,
        documento: row.documento,
        numero: row.numero,
        antes: row.estado,
        estado: despues,
        motivo: d.motivo ?? null,
        nota: d.nota ?? null,
      },
      documento: row.documento,
      afiliadoIds: [row.afiliado_id],
    });
    await avisar(deps, tx, row, despues);
  });
  deps.mail.wake();
  return { message: M.DECIDIDA };
}

/** The dentist withdraws her request, while none of it has been used. */
export async function anular(deps: Deps, caller: Subject, id: number) {
  await deps.db.transaction(async (tx) => {
    const row = await visible(deps, caller, id, true, tx);
    if (row.profesional_user_id !== caller.id) throw notFound(M.NOT_FOUND);
    const usada = row.items.some((i) => i.consumido);
    if (usada || !['en_revision', 'observada', 'aprobada', 'aprobada_parcial'].includes(row.estado))
      throw conflict(M.NO_ANULABLE(estadoEn(usada ? 'consumida' : row.estado)));
    await repo.setEstado(tx, id, { estado: 'anulada' });
    await recordAudit(tx, caller, {
      action: 'void',
      entity: 'autorizacion',
      entityId: id,
      details: {
        afiliadoId: row.afiliado_id,
        documento: row.documento,
        numero: row.numero,
        antes: row.estado,
      },
      documento: row.documento,
      afiliadoIds: [row.afiliado_id],
    });
  });
  return { message: M.ANULADA };
}

/** A file's name as sent, without folders or control characters, and short. */
function nombreDeArchivo(fileName: string, mime: AdjuntoMime) {
  const base = path
    .basename(fileName.replaceAll('\\', '/'))
    .replace(/\p{Cc}/gu, '')
    .trim();
  const ext = mime === 'application/pdf' ? 'pdf' : mime === 'image/png' ? 'png' : 'jpg';
  // The name ends as its content is: a photo sent as 'rx.pdf' is kept as 'rx.jpg'.
  const sinExtension = base.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${(sinExtension || 'archivo').slice(0, 190)}.${ext}`;
}

/**
 * The dentist adds a file to her request while the auditor has it (an X-ray the auditor asked for):
 * checked by its bytes (a JPEG, PNG or PDF, and nothing else besides), a photo's location taken out,
 * streamed to the file storage; audited. An observed request goes back to review.
 */
export async function adjuntar(
  deps: FileDeps,
  caller: Subject,
  id: number,
  tipo: Adjunto,
  file: { path: string; fileName: string; mime: AdjuntoMime | undefined; poliglota: boolean },
) {
  const antes = await visible(deps, caller, id);
  if (antes.profesional_user_id !== caller.id) throw notFound(M.NOT_FOUND);
  if (antes.estado !== 'en_revision' && antes.estado !== 'observada')
    throw conflict(M.ADJUNTO_NO_ADMITE(estadoEn(antes.estado)));
  if (!file.mime) throw badRequest(M.ADJUNTO_INVALIDO, { archivo: M.ADJUNTO_INVALIDO });
  if (file.poliglota) throw badRequest(M.ADJUNTO_POLIGLOTA, { archivo: M.ADJUNTO_POLIGLOTA });
  const mime = file.mime;
  const ext = mime === 'application/pdf' ? 'pdf' : mime === 'image/png' ? 'png' : 'jpg';
  const storageKey = `autorizaciones/${id}/${randomUUID()}.${ext}`;
  // The location taken out into a file of its own first: a photo that does not read is refused
  // before anything is stored, and what is stored is exactly what was hashed.
  const limpio = `${file.path}.limpio`;
  const hash = createHash('sha256');
  let bytes = 0;
  const contar = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    try {
      await pipeline(createReadStream(file.path), sinUbicacion(mime), contar, createWriteStream(limpio));
    } catch {
      throw badRequest(M.ADJUNTO_INVALIDO, { archivo: M.ADJUNTO_INVALIDO });
    }
    await deps.storage.put(storageKey, createReadStream(limpio), { contentType: mime });
  } finally {
    await rm(limpio, { force: true });
  }
  const nombre = nombreDeArchivo(file.fileName, mime);
  try {
    await deps.db.transaction(async (tx) => {
      const row = await visible(deps, caller, id, true, tx);
      if (row.estado !== 'en_revision' && row.estado !== 'observada')
        throw conflict(M.ADJUNTO_NO_ADMITE(estadoEn(row.estado)));
      await repo.insertAdjunto(tx, {
        autorizacionId: id,
        tipo,
        nombre,
        mime,
        bytes,
        sha256: hash.digest('hex'),
        storageKey,
        userId: caller.id,
      });
      if (row.estado === 'observada')
        await repo.setEstado(tx, id, {
          estado: 'en_revision',
          plazoHoras: (await repo.findPlazos(tx, id)).plazoHoras,
        });
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'adjunto',
        entityId: id,
        details: { afiliadoId: row.afiliado_id, documento: row.documento, numero: row.numero, tipo, nombre },
        documento: row.documento,
        afiliadoIds: [row.afiliado_id],
      });
    });
  } catch (error) {
    // The row was not written: the stored file would be nobody's.
    await deps.storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
  return { message: M.ADJUNTO_SUBIDO };
}

/** A file of a request, for the dentist who asked or an auditor; each opening is audited on the affiliate. */
export async function leerAdjunto(deps: FileDeps, caller: Subject, id: number, adjuntoId: number) {
  const row = await visible(deps, caller, id);
  const adjunto = await repo.findAdjunto(deps.db, id, adjuntoId);
  if (!adjunto) throw notFound(M.ADJUNTO_NOT_FOUND);
  const stored = await deps.storage.get(adjunto.storage_key);
  if (!stored) throw notFound(M.ADJUNTO_NOT_FOUND);
  await recordAudit(deps.db, caller, {
    action: 'read',
    entity: 'adjunto',
    entityId: adjuntoId,
    details: {
      afiliadoId: row.afiliado_id,
      documento: row.documento,
      numero: row.numero,
      tipo: adjunto.tipo,
      nombre: adjunto.nombre,
    },
    documento: row.documento,
    afiliadoIds: [row.afiliado_id],
  });
  return { body: stored.body, mime: adjunto.mime, nombre: adjunto.nombre, size: stored.size };
}
