import {
  type ArancelesPage,
  type ArancelesQuery,
  type Convenio,
  type ConvenioValues,
  formatFecha,
  isoToday,
  MESSAGES,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { searchKey } from '../../lib/text.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as repo from './convenios.repository.ts';

const M = MESSAGES.convenios;

type Deps = Pick<FastifyInstance, 'db'>;

export const listConvenios = (deps: Deps, obraSocialId?: number) => repo.findAll(deps.db, obraSocialId);

export async function findConvenio(deps: Deps, id: number): Promise<Convenio> {
  const convenio = await repo.findById(deps.db, id);
  if (!convenio) throw notFound(M.NOT_FOUND);
  return convenio;
}

/** Under the insurer's lock: it exists, and no other of its contracts is in force on a day of this one. */
async function assertFits(tx: Tx, values: ConvenioValues, exceptId?: number) {
  if (!(await repo.lockObraSocial(tx, values.obraSocialId)))
    throw badRequest(M.OBRA_SOCIAL_UNKNOWN, { obraSocialId: M.OBRA_SOCIAL_UNKNOWN });
  const other = await repo.findOverlapping(tx, { ...values, exceptId });
  if (other) {
    const message = M.OVERLAPS(
      other.nombre,
      formatFecha(other.vigente_desde),
      other.vigente_hasta && formatFecha(other.vigente_hasta),
    );
    throw conflict(message, { vigenteDesde: message });
  }
}

const audited = (c: ConvenioValues) => ({
  obraSocialId: c.obraSocialId,
  nombre: c.nombre,
  vigenteDesde: c.vigenteDesde,
  vigenteHasta: c.vigenteHasta,
  diaCierre: c.diaCierre,
  plazoPresentacionDias: c.plazoPresentacionDias,
  plazoRefacturacionDias: c.plazoRefacturacionDias,
  plazoUrgenciaDias: c.plazoUrgenciaDias,
  plazoAutorizacionHoras: c.plazoAutorizacionHoras,
  vigenciaAutorizacionDias: c.vigenciaAutorizacionDias,
  plazoRespuestaDias: c.plazoRespuestaDias,
  requiereToken: c.requiereToken,
  tokenBloquea: c.tokenBloquea,
  extrapolaMuestra: c.extrapolaMuestra,
  valorUnidad: c.valorUnidad,
});

export async function createConvenio(deps: Deps, caller: Subject, values: ConvenioValues) {
  const id = await deps.db.transaction(async (tx) => {
    await assertFits(tx, values);
    const id = await repo.insert(tx, values);
    await recordAudit(tx, caller, {
      action: 'create',
      entity: 'convenio',
      entityId: id,
      details: audited(values),
    });
    return id;
  });
  return findConvenio(deps, id);
}

/**
 * A contract's new terms. Its dates may not leave out days its fees are in
 * force, and the unit value of fees set in units does not change (the price of
 * lines already served would): a new value starts a new contract from that day.
 */
export async function updateConvenio(deps: Deps, caller: Subject, id: number, values: ConvenioValues) {
  await deps.db.transaction(async (tx) => {
    const current = await repo.findById(tx, id);
    if (!current) throw notFound(M.NOT_FOUND);
    await assertFits(tx, values, id);
    const fees = await repo.feeBounds(tx, id);
    if (values.vigenteHasta !== null && fees.last !== null && fees.last > values.vigenteHasta) {
      const message = M.SHORTER_THAN_FEES(formatFecha(values.vigenteHasta));
      throw conflict(message, { vigenteHasta: message });
    }
    if (fees.first !== null && fees.first < values.vigenteDesde) {
      const message = M.STARTS_AFTER_FEES(formatFecha(fees.first));
      throw conflict(message, { vigenteDesde: message });
    }
    if (fees.inUnits > 0 && values.valorUnidad !== current.valorUnidad)
      throw conflict(M.VALOR_UNIDAD_IN_USE, { valorUnidad: M.VALOR_UNIDAD_IN_USE });
    await repo.update(tx, id, values);
    const antes = audited({ ...current, obraSocialId: current.obraSocial.id });
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'convenio',
      entityId: id,
      details: { antes, ...audited(values) },
    });
  });
  return findConvenio(deps, id);
}

/** The fees in force on a day (today when none is asked), by the start of the code or words of its name. */
export async function listAranceles(deps: Deps, id: number, query: ArancelesQuery): Promise<ArancelesPage> {
  const convenio = await findConvenio(deps, id);
  const raw = query.search?.trim() ?? '';
  const isCodigo = /^[\d.]+$/.test(raw);
  return repo.findArancelesPage(deps.db, convenio, {
    fecha: query.fecha ?? isoToday(),
    codigoPrefix: isCodigo ? raw : undefined,
    words: isCodigo || raw === '' ? [] : searchKey(raw).split(/\s+/).filter(Boolean).slice(0, 8),
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
  });
}
