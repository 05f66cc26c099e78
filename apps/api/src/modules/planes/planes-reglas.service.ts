import {
  CAPITULO_NUMEROS,
  formatFecha,
  MESSAGES,
  type Objetivo,
  objetivoNombre,
  type Plan,
  parseObjetivo,
  REGLAS_CSV_COLUMNS,
  type Regla,
  type ReglaValues,
} from '@red-dental/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { neutralizeFormula } from '../../lib/csv-export.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as planes from './planes.repository.ts';
import { reglaCells } from './planes-csv.ts';
import type { ObjetivoRef } from './planes-reglas.repository.ts';
import * as repo from './planes-reglas.repository.ts';

const M = MESSAGES.planes;

type Deps = Pick<FastifyInstance, 'db'>;

/** Targets found in the code table, or the words saying which is not there. */
export type Targets = Awaited<ReturnType<typeof repo.findTargets>>;

/** The target as the table keeps it, or the reason it is not one. */
export function targetOf(objetivo: Objetivo, targets: Targets): ObjetivoRef | { error: string } {
  if (objetivo.tipo === 'codigo') {
    const codigo = targets.codigos.get(objetivo.codigo);
    if (!codigo) return { error: M.OBJETIVO_UNKNOWN_CODIGO(objetivo.codigo) };
    return {
      codigoId: codigo.id,
      grupoId: null,
      capitulo: null,
      clave: `c${codigo.id}`,
      objetivo,
      nombre: objetivoNombre(objetivo, codigo.nombre),
    };
  }
  if (objetivo.tipo === 'grupo') {
    const grupo = targets.grupos.get(objetivo.grupo.toLowerCase());
    if (!grupo) return { error: M.OBJETIVO_UNKNOWN_GRUPO(objetivo.grupo) };
    const named = { tipo: 'grupo' as const, grupo: grupo.nombre };
    return {
      codigoId: null,
      grupoId: grupo.id,
      capitulo: null,
      clave: `g${grupo.id}`,
      objetivo: named,
      nombre: objetivoNombre(named),
    };
  }
  if (!(CAPITULO_NUMEROS as readonly string[]).includes(objetivo.capitulo))
    return { error: M.OBJETIVO_UNKNOWN_CAPITULO(objetivo.capitulo) };
  return {
    codigoId: null,
    grupoId: null,
    capitulo: objetivo.capitulo,
    clave: `k${objetivo.capitulo}`,
    objetivo,
    nombre: objetivoNombre(objetivo),
  };
}

async function resolve(db: DbOrTx, raw: string): Promise<ObjetivoRef> {
  const objetivo = parseObjetivo(raw)!;
  const target = targetOf(objetivo, await repo.findTargets(db, [objetivo]));
  if ('error' in target) throw badRequest(target.error, { objetivo: target.error });
  return target;
}

const columnsOf = ({ objetivo: _, ...terms }: ReglaValues, target: ObjetivoRef): repo.ReglaColumns => ({
  ...terms,
  codigoId: target.codigoId,
  grupoId: target.grupoId,
  capitulo: target.capitulo,
});

/** Under the plan's lock: it exists, and no other version for the target is in force on a day of this one. */
async function assertFits(
  tx: Tx,
  planId: number,
  values: ReglaValues,
  target: ObjetivoRef,
  exceptId?: number,
) {
  if (!(await planes.lockPlan(tx, planId))) throw notFound(M.NOT_FOUND);
  const other = await repo.findOverlapping(tx, { planId, clave: target.clave, ...values, exceptId });
  if (other) {
    const message = M.OVERLAPS(
      target.nombre,
      formatFecha(other.vigente_desde),
      other.vigente_hasta && formatFecha(other.vigente_hasta),
    );
    throw conflict(message, { vigenteDesde: message });
  }
}

/** What the log keeps of a rule: its target, its days and all it says, in words. */
const audited = (
  plan: Pick<Plan, 'id' | 'nombre' | 'obraSocial'>,
  r: Pick<Regla, 'objetivo' | 'texto' | 'vigenteDesde' | 'vigenteHasta'>,
) => ({
  planId: plan.id,
  plan: `${plan.nombre} (${plan.obraSocial.nombre})`,
  objetivo: r.objetivo,
  texto: r.texto,
  vigenteDesde: r.vigenteDesde,
  vigenteHasta: r.vigenteHasta,
});

async function findPlanOr404(db: DbOrTx, planId: number) {
  const plan = await planes.findById(db, planId);
  if (!plan) throw notFound(M.NOT_FOUND);
  return plan;
}

/** The plan's rules in force on `fecha`, or every version when none is asked. */
export async function listReglas(deps: Deps, planId: number, fecha?: string): Promise<Regla[]> {
  const reglas = fecha
    ? await repo.reglasEnVigor(deps.db, planId, fecha)
    : await repo.findAll(deps.db, planId);
  if (reglas === undefined || (reglas.length === 0 && !fecha)) await findPlanOr404(deps.db, planId);
  return reglas ?? [];
}

async function findRegla(db: DbOrTx, planId: number, id: number) {
  const regla = await repo.findById(db, planId, id);
  if (!regla) throw notFound(M.REGLA_NOT_FOUND);
  return regla;
}

export async function createRegla(deps: Deps, caller: Subject, planId: number, values: ReglaValues) {
  const id = await deps.db.transaction(async (tx) => {
    const plan = await findPlanOr404(tx, planId);
    const target = await resolve(tx, values.objetivo);
    await assertFits(tx, planId, values, target);
    const id = await repo.insert(tx, planId, columnsOf(values, target));
    const regla = await findRegla(tx, planId, id);
    await recordAudit(tx, caller, {
      action: 'create',
      entity: 'regla',
      entityId: id,
      details: audited(plan, regla),
    });
    return id;
  });
  return findRegla(deps.db, planId, id);
}

export async function updateRegla(
  deps: Deps,
  caller: Subject,
  planId: number,
  id: number,
  values: ReglaValues,
) {
  await deps.db.transaction(async (tx) => {
    const plan = await findPlanOr404(tx, planId);
    const before = await findRegla(tx, planId, id);
    const target = await resolve(tx, values.objetivo);
    await assertFits(tx, planId, values, target, id);
    await repo.update(tx, id, columnsOf(values, target));
    const after = await findRegla(tx, planId, id);
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'regla',
      entityId: id,
      details: { antes: audited(plan, before), ...audited(plan, after) },
    });
  });
  return findRegla(deps.db, planId, id);
}

export async function deleteRegla(deps: Deps, caller: Subject, planId: number, id: number) {
  await deps.db.transaction(async (tx) => {
    const plan = await findPlanOr404(tx, planId);
    const regla = await findRegla(tx, planId, id);
    await planes.lockPlan(tx, planId);
    await repo.remove(tx, id);
    await recordAudit(tx, caller, {
      action: 'delete',
      entity: 'regla',
      entityId: id,
      details: audited(plan, regla),
    });
  });
}

/**
 * Every version of the plan's rules as the CSV the import reads (`;`, UTF-8
 * with a byte order mark, dates dd/mm/aaaa), named after the plan.
 */
export async function exportReglas(deps: Deps, planId: number) {
  const plan = await findPlanOr404(deps.db, planId);
  const rules = await repo.findAll(deps.db, planId);
  const body = stringify(
    rules.map((r) => {
      const cells = reglaCells(r);
      return REGLAS_CSV_COLUMNS.map((c) => neutralizeFormula(cells[c]));
    }),
    {
      bom: true,
      header: true,
      columns: [...REGLAS_CSV_COLUMNS],
      delimiter: ';',
      record_delimiter: 'windows',
    },
  );
  const name = `reglas-${plan.obraSocial.nombre}-${plan.codigo}`
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .toLowerCase();
  return { body, fileName: `${name}.csv` };
}
