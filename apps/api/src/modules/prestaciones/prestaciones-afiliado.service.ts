import {
  type ConfirmacionesQuery,
  type ConfirmacionRevision,
  type ConfirmacionValues,
  ERROR_CODES,
  MESSAGES,
  type PrestacionesAfiliado,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { provesPhone } from '../../lib/token-afiliado.ts';
import type { AfiliadoSubject, Subject } from '../../plugins/auth.ts';
import { recordAfiliadoAudit, recordAudit } from '../auditoria/auditoria.repository.ts';
import * as autorizacionesRepo from '../autorizaciones/autorizaciones.repository.ts';
import * as tokenRepo from '../token-afiliado/token-afiliado.repository.ts';
import * as repo from './prestaciones-afiliado.repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'secretBox' | 'spendFailure'>;
const M = MESSAGES.prestaciones;

/** The request comes from the affiliate's enrolled phone, or 403 `TOKEN_REQUERIDO` (a wrong code is audited). */
async function exigirTelefono(
  deps: Deps,
  afiliado: AfiliadoSubject,
  proof: { codigo: string | undefined; address: string },
) {
  const dispositivo = await tokenRepo.findActivo(deps.db, afiliado.id);
  const telefono = await provesPhone(deps, afiliado.id, dispositivo, proof);
  if (telefono === 'incorrecto') {
    const a = await tokenRepo.findAfiliado(deps.db, afiliado.id);
    if (a)
      await recordAfiliadoAudit(
        deps.db,
        { id: a.id, nombre: a.nombre, documento: a.documento, address: proof.address },
        {
          action: 'reject',
          entity: 'token',
          details: { afiliadoId: a.id, documento: a.documento, motivo: 'lectura' },
        },
      );
  }
  if (telefono !== 'ok') throw new AppError(403, M.AFILIADO_SIN_TOKEN, ERROR_CODES.TOKEN_REQUIRED);
}

/**
 * The affiliate's own lines across the network, for the portal's 'Mis
 * prestaciones': health data, so only on the phone enrolled for their token.
 */
export async function prestacionesAfiliado(
  deps: Deps,
  afiliado: AfiliadoSubject,
  proof: { codigo: string | undefined; address: string },
): Promise<PrestacionesAfiliado> {
  await exigirTelefono(deps, afiliado, proof);
  return {
    lineas: await repo.findLineasAfiliado(deps.db, afiliado.id),
    preguntas: await repo.findPreguntas(deps.db, afiliado.id),
    autorizaciones: await autorizacionesRepo.findParaAfiliado(deps.db, afiliado.id),
  };
}

/**
 * A file of one of the affiliate's prior authorizations (an X-ray, a photo of their mouth), from
 * the phone like the rest of their health data; each opening is recorded as theirs in 'Mis accesos'.
 */
export async function leerAdjunto(
  deps: Deps & Pick<FastifyInstance, 'storage'>,
  afiliado: AfiliadoSubject,
  proof: { codigo: string | undefined; address: string },
  q: { numero: string; adjuntoId: number },
) {
  await exigirTelefono(deps, afiliado, proof);
  const adjunto = await autorizacionesRepo.findAdjuntoDeAfiliado(deps.db, { afiliadoId: afiliado.id, ...q });
  // No opening goes unrecorded: an affiliate who is not found again reads nothing.
  const a = adjunto && (await tokenRepo.findAfiliado(deps.db, afiliado.id));
  const stored = a && (await deps.storage.get(adjunto.storage_key));
  if (!adjunto || !a || !stored) throw notFound(MESSAGES.autorizaciones.ADJUNTO_NOT_FOUND);
  await recordAfiliadoAudit(
    deps.db,
    { id: a.id, nombre: a.nombre, documento: a.documento, address: proof.address },
    {
      action: 'read',
      entity: 'adjunto',
      details: {
        afiliadoId: a.id,
        documento: a.documento,
        numero: q.numero.toUpperCase(),
        tipo: adjunto.tipo,
        nombre: adjunto.nombre,
      },
    },
  );
  return { body: stored.body, mime: adjunto.mime, nombre: adjunto.nombre, size: stored.size };
}

/**
 * The affiliate's answer about a visit, from the phone (health data): whether it happened and what
 * was charged at the office. Once per visit; one that did not happen or was charged beyond its copay
 * goes to staff's queue.
 */
export async function responder(
  deps: Deps,
  afiliado: AfiliadoSubject,
  proof: { codigo: string | undefined; address: string },
  input: ConfirmacionValues,
) {
  await exigirTelefono(deps, afiliado, proof);
  const cobro = input.atendido ? (input.cobro ?? 0) : 0;
  const hecha = await repo.insertConfirmacion(deps.db, {
    afiliadoId: afiliado.id,
    atencionId: input.atencionId,
    atendido: input.atendido,
    cobro,
  });
  if (!hecha) {
    const ya = await repo.hasConfirmacion(deps.db, { afiliadoId: afiliado.id, atencionId: input.atencionId });
    throw ya ? conflict(M.CONFIRMACION_YA) : notFound(M.CONFIRMACION_NOT_FOUND);
  }
  return { message: M.CONFIRMACION_GRACIAS };
}

/** Staff's 'Confirmaciones observadas': visits the affiliate said did not happen or were charged beyond the copay. */
export async function observadas(deps: Pick<FastifyInstance, 'db'>, query: ConfirmacionesQuery) {
  const { pageIndex, pageSize, ...filter } = query;
  return repo.findObservadas(deps.db, filter, { limit: pageSize, offset: pageIndex * pageSize });
}

/**
 * Staff looked into an observed answer (called the affiliate, asked the dentist) and say what they
 * found, or put it back in the queue; audited on the affiliate, whose record it concerns.
 */
export async function revisar(
  deps: Pick<FastifyInstance, 'db'>,
  caller: Subject,
  atencionId: number,
  change: ConfirmacionRevision,
) {
  await deps.db.transaction(async (tx) => {
    const hecha = await repo.setRevision(tx, atencionId, { ...change, staffUserId: caller.id });
    if (!hecha) throw notFound(M.CONFIRMACION_OBSERVADA_NOT_FOUND);
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'confirmacion',
      entityId: atencionId,
      details: {
        afiliadoId: hecha.afiliadoId,
        documento: hecha.documento,
        codigoValidacion: hecha.codigoValidacion,
        revisada: change.estado === 'revisada',
        nota: change.estado === 'revisada' ? (change.nota ?? null) : null,
      },
      documento: hecha.documento,
      afiliadoIds: [hecha.afiliadoId],
    });
  });
}
