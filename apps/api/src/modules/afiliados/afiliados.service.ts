import {
  type Afiliado,
  type AfiliadoInput,
  type AfiliadoUpdate,
  MESSAGES,
  normalizeDocumento,
  PERMISSIONS,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { searchKey } from '../../lib/text.ts';
import type { Subject } from '../../plugins/auth.ts';
import { type Actor, recordAudit } from '../audit/audit.repository.ts';
import * as obrasSociales from '../obras-sociales/obras-sociales.repository.ts';
import * as repo from './afiliados.repository.ts';

type Deps = Pick<FastifyInstance, 'db'>;

const MAX_SEARCH_WORDS = 8;

/**
 * Staff (AFILIADOS.CREATE) search by document prefix or by
 * name and may filter by insurer; anyone else (dentists checking coverage)
 * gets only the exact document, and nothing without a search.
 */
export function filterFor(
  caller: Subject,
  query: { search?: string; obraSocialId?: number },
): repo.AfiliadoFilter {
  const raw = query.search?.trim() ?? '';
  const documento = normalizeDocumento(raw);
  if (!caller.permissions.has(PERMISSIONS.AFILIADOS_CREATE))
    return documento ? { kind: 'documentoExact', documento } : { kind: 'none' };

  const { obraSocialId } = query;
  if (!raw) return { kind: 'all', obraSocialId };
  if (isDocumentLike(raw, documento)) return { kind: 'documentoPrefix', prefix: documento, obraSocialId };
  // Words as the database splits names (name_prefixes): runs of letters and digits of the folded text.
  const words = [
    ...new Set(
      searchKey(raw)
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
    ),
  ].slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return { kind: 'all', obraSocialId };
  return { kind: 'nombreWords', words, obraSocialId };
}

/** "30.123.456", "30 123" and "AB123456" are documents; "garcía" and "perez 2" are names. */
function isDocumentLike(raw: string, documento: string): boolean {
  if (/^[0-9]+$/.test(documento)) return true;
  return /[0-9]/.test(documento) && !/\s/.test(raw);
}

export async function findPaginated(
  deps: Deps,
  caller: Subject,
  query: { pageIndex: number; pageSize: number; search?: string; obraSocialId?: number },
) {
  const filter = filterFor(caller, query);
  const page = { limit: query.pageSize, offset: query.pageIndex * query.pageSize };
  // Most searches match few rows: page and exact count come back together.
  const few = await repo.findFewMatches(deps.db, filter, page);
  if (few) return few;
  const [rows, rowCount] = await Promise.all([
    repo.findPage(deps.db, filter, page),
    repo.estimateMatches(deps.db, filter),
  ]);
  return { rows, rowCount };
}

export async function findList(
  deps: Deps,
  caller: Subject,
  query: { limit: number; search?: string; obraSocialId?: number },
) {
  const filter = filterFor(caller, query);
  const page = { limit: query.limit, offset: 0 };
  return (await repo.findFewMatches(deps.db, filter, page))?.rows ?? repo.findPage(deps.db, filter, page);
}

export async function getAfiliado(deps: Deps, id: number): Promise<Afiliado> {
  const afiliado = await repo.findById(deps.db, id);
  if (!afiliado) throw notFound(MESSAGES.afiliados.NOT_FOUND);
  return afiliado;
}

const valuesOf = (input: AfiliadoInput | AfiliadoUpdate): repo.AfiliadoValues => ({
  nombre: input.nombre,
  nombreBusqueda: searchKey(input.nombre),
  tipoDocumento: input.tipoDocumento,
  documento: input.documento,
  fechaNacimiento: input.fecha_nacimiento ?? null,
  obraSocialId: input.obraSocial?.id ?? null,
});

async function assertObraSocial(db: DbOrTx, id: number | null) {
  if (id !== null && !(await obrasSociales.exists(db, id)))
    throw badRequest(MESSAGES.afiliados.OBRA_SOCIAL_UNKNOWN, {
      'obraSocial.id': MESSAGES.afiliados.OBRA_SOCIAL_UNKNOWN,
    });
}

function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'afiliados_documento_key')) throw conflict(MESSAGES.afiliados.DUPLICATE);
  throw error;
}

export async function createAfiliado(deps: Deps, actor: Actor, input: AfiliadoInput) {
  const values = valuesOf(input);
  const id = await deps.db
    .transaction(async (tx) => {
      await assertObraSocial(tx, values.obraSocialId);
      const id = await repo.insert(tx, values);
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'afiliado',
        entityId: id,
        details: { documento: values.documento, obraSocialId: values.obraSocialId },
      });
      return id;
    })
    .catch(rethrowDuplicate);
  return getAfiliado(deps, id);
}

export async function updateAfiliado(deps: Deps, actor: Actor, id: number, input: AfiliadoUpdate) {
  const values = valuesOf(input);
  await deps.db
    .transaction(async (tx) => {
      await assertObraSocial(tx, values.obraSocialId);
      if (!(await repo.update(tx, id, values))) throw notFound(MESSAGES.afiliados.NOT_FOUND);
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'afiliado',
        entityId: id,
        details: { documento: values.documento, obraSocialId: values.obraSocialId },
      });
    })
    .catch(rethrowDuplicate);
  return getAfiliado(deps, id);
}

export async function deleteAfiliado(deps: Deps, actor: Actor, id: number) {
  await deps.db.transaction(async (tx) => {
    const [removed] = await repo.remove(tx, id);
    if (!removed) throw notFound(MESSAGES.afiliados.NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'afiliado',
      entityId: id,
      details: { documento: removed.documento, nombre: removed.nombre },
    });
  });
}
