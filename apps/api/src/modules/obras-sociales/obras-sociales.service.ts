import { MESSAGES, type ObraSocial, type ObraSocialInput } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { type Actor, recordAudit } from '../auditoria/auditoria.repository.ts';
import * as repo from './obras-sociales.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;

const toObraSocial = (row: repo.ObraSocialRow): ObraSocial => ({
  id: row.id,
  nombre: row.nombre,
  mail: row.mails,
  telefono: row.telefonos,
  afiliadoCount: row.afiliadoCount,
});

/** Repeated entries (the same phone typed twice) are kept once. */
const columnsOf = (input: ObraSocialInput) => ({
  nombre: input.nombre,
  mails: [...new Set(input.mail)],
  telefonos: [...new Set(input.telefono)],
});

export async function listObrasSociales(deps: Deps): Promise<ObraSocial[]> {
  return (await repo.findAllWithCounts(deps.db)).map(toObraSocial);
}

export function listShort(deps: Deps) {
  return repo.findShortList(deps.db);
}

async function getObraSocial(deps: Deps, id: number): Promise<ObraSocial> {
  const [row] = await repo.findAllWithCounts(deps.db, id);
  if (!row) throw notFound(MESSAGES.obrasSociales.NOT_FOUND);
  return toObraSocial(row);
}

function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'obras_sociales_nombre_key')) throw conflict(MESSAGES.obrasSociales.DUPLICATE);
  throw error;
}

export async function createObraSocial(deps: Deps, actor: Actor, input: ObraSocialInput) {
  const values = columnsOf(input);
  const id = await deps.db
    .transaction(async (tx) => {
      const id = await repo.insert(tx, values);
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'obra_social',
        entityId: id,
        details: values,
      });
      return id;
    })
    .catch(rethrowDuplicate);
  return getObraSocial(deps, id);
}

export async function updateObraSocial(deps: Deps, actor: Actor, id: number, input: ObraSocialInput) {
  const values = columnsOf(input);
  await deps.db
    .transaction(async (tx) => {
      if (!(await repo.update(tx, id, values))) throw notFound(MESSAGES.obrasSociales.NOT_FOUND);
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'obra_social',
        entityId: id,
        details: values,
      });
    })
    .catch(rethrowDuplicate);
  return getObraSocial(deps, id);
}

/** Removes an insurer; one with contracts or plans stays (409): its fees, rules and what was billed under them are kept. */
export async function deleteObraSocial(deps: Deps, actor: Actor, id: number) {
  try {
    await deps.db.transaction(async (tx) => {
      const [removed] = await repo.remove(tx, id);
      if (!removed) throw notFound(MESSAGES.obrasSociales.NOT_FOUND);
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'obra_social',
        entityId: id,
        details: { nombre: removed.nombre },
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error, 'convenios_obra_social_id_obras_sociales_id_fk'))
      throw conflict(MESSAGES.obrasSociales.HAS_CONVENIOS);
    if (isForeignKeyViolation(error, 'planes_obra_social_id_obras_sociales_id_fk'))
      throw conflict(MESSAGES.obrasSociales.HAS_PLANES);
    throw error;
  }
}
