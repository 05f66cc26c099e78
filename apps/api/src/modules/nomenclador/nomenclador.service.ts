import {
  type CodigoPrestacion,
  type CodigoValues,
  formatUnidades,
  type GrupoCodigos,
  type GrupoCodigosInput,
  MESSAGES,
  type NomencladorPage,
  type NomencladorQuery,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import {
  badRequest,
  conflict,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from '../../lib/errors.ts';
import { searchKey } from '../../lib/text.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as repo from './nomenclador.repository.ts';

const M = MESSAGES.nomenclador;

type Deps = Pick<FastifyInstance, 'db'>;

/** A code typed without its dots ('0201', '040502') as the table writes it ('02.01', '04.05.02'). */
const codigoPrefix = (raw: string) => (raw.includes('.') ? raw : (raw.match(/\d{1,2}/g) ?? []).join('.'));

/** A search typed by staff or a dentist: digits and dots are the start of a code, anything else words of a name. */
function searchOf(query: NomencladorQuery): repo.CodigoSearch {
  const raw = query.search?.trim() ?? '';
  const capitulo = query.capitulo;
  if (raw === '') return { kind: 'all', capitulo };
  if (/^[\d.]+$/.test(raw)) return { kind: 'codigo', prefix: codigoPrefix(raw), capitulo };
  return { kind: 'nombre', words: searchKey(raw).split(/\s+/).filter(Boolean).slice(0, 8), capitulo };
}

export function listCodigos(deps: Deps, query: NomencladorQuery): Promise<NomencladorPage> {
  return repo.findPage(deps.db, searchOf(query), query);
}

/** What an audit row keeps of a code's fields: its units as written, so a change reads in words. */
const auditedFields = (c: Omit<CodigoPrestacion, 'id' | 'codigo' | 'capitulo' | 'grupos'>) => ({
  nombre: c.nombre,
  norma: c.norma,
  area: c.area,
  carasMin: c.carasMin,
  carasMax: c.carasMax,
  denticion: c.denticion,
  unidades: c.unidades === null ? null : formatUnidades(c.unidades),
});

/** Staff change what a code is (not the code itself, which lines and rules point to). */
export async function updateCodigo(
  deps: Deps,
  caller: Subject,
  id: number,
  values: CodigoValues,
): Promise<CodigoPrestacion> {
  await deps.db.transaction(async (tx) => {
    const current = await repo.findById(tx, id);
    if (!current) throw notFound(M.CODIGO_NOT_FOUND);
    await repo.update(tx, id, { ...values, nombreBusqueda: searchKey(values.nombre) });
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'codigo_prestacion',
      entityId: id,
      details: { codigo: current.codigo, antes: auditedFields(current), ...auditedFields(values) },
    });
  });
  return (await repo.findById(deps.db, id))!;
}

// ---------------------------------------------------------------------------
// Groups
// ---------------------------------------------------------------------------

export const listGrupos = (deps: Deps): Promise<GrupoCodigos[]> => repo.findGrupos(deps.db);

const grupoTaken = () => conflict(M.GRUPO_TAKEN, { nombre: M.GRUPO_TAKEN });

/** The ids of a group's codes; every one must be in the table (400 naming those that are not). */
async function codigoIdsOf(deps: Deps, codigos: readonly string[]) {
  const ids = await repo.findIdsByCodigo(deps.db, codigos);
  const unknown = codigos.filter((c) => !ids.has(c));
  if (unknown.length)
    throw badRequest(M.GRUPO_UNKNOWN_CODES(unknown), { codigos: M.GRUPO_UNKNOWN_CODES(unknown) });
  return [...ids.values()];
}

export async function createGrupo(deps: Deps, caller: Subject, { nombre, codigos }: GrupoCodigosInput) {
  const codigoIds = await codigoIdsOf(deps, codigos);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const id = await repo.insertGrupo(tx, nombre);
      await repo.setGrupoCodigos(tx, id, codigoIds);
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'grupo_codigos',
        entityId: id,
        details: { nombre, codigos },
      });
      return id;
    });
    return (await repo.findGrupo(deps.db, id))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw grupoTaken();
    throw error;
  }
}

export async function updateGrupo(
  deps: Deps,
  caller: Subject,
  id: number,
  { nombre, codigos }: GrupoCodigosInput,
) {
  const codigoIds = await codigoIdsOf(deps, codigos);
  try {
    await deps.db.transaction(async (tx) => {
      const current = await repo.findGrupo(tx, id);
      if (!current) throw notFound(M.GRUPO_NOT_FOUND);
      await repo.renameGrupo(tx, id, nombre);
      await repo.setGrupoCodigos(tx, id, codigoIds);
      await recordAudit(tx, caller, {
        action: 'update',
        entity: 'grupo_codigos',
        entityId: id,
        details: { antes: { nombre: current.nombre, codigos: current.codigos }, nombre, codigos },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw grupoTaken();
    throw error;
  }
  return (await repo.findGrupo(deps.db, id))!;
}

/** Deletes a group no plan's rule names (409 otherwise: the rule would lose its target). */
export async function deleteGrupo(deps: Deps, caller: Subject, id: number) {
  try {
    await deps.db.transaction(async (tx) => {
      const removed = await repo.deleteGrupo(tx, id);
      if (!removed) throw notFound(M.GRUPO_NOT_FOUND);
      await recordAudit(tx, caller, {
        action: 'delete',
        entity: 'grupo_codigos',
        entityId: id,
        details: { nombre: removed.nombre },
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error, 'reglas_grupo_id_grupos_codigos_id_fk')) throw conflict(M.GRUPO_IN_USE);
    throw error;
  }
}
