import { readFileSync } from 'node:fs';
import { inArray } from 'drizzle-orm';
import { headerKey, mapColumns } from '../../lib/csv-records.ts';
import { searchKey } from '../../lib/text.ts';
import { REGLA_ALIASES, type ReglaLine, validateReglaRecord } from '../../modules/planes/planes-csv.ts';
import * as reglasRepo from '../../modules/planes/planes-reglas.repository.ts';
import { targetOf } from '../../modules/planes/planes-reglas.service.ts';
import { API_ROOT } from '../../paths.ts';
import type { Tx } from '../client.ts';
import {
  aranceles,
  codigosPrestacion,
  convenios,
  gruposCodigos,
  gruposCodigosItems,
  planes,
} from '../schema/index.ts';
import { NOMENCLADOR } from './demo-catalog.ts';

/*
 * What the demo network bills by: the sample code table and its groups, a
 * contract with each insurer and its fees (raised from July, as networks'
 * fees are every few months), and two plans per insurer whose rules are the
 * CSV files of the catalogue, in the layout staff import.
 */

/** The sample code table and its groups; codes staff already loaded are kept as they are. */
export async function insertDemoNomenclador(tx: Tx): Promise<Map<string, number>> {
  await tx
    .insert(codigosPrestacion)
    .values(NOMENCLADOR.codigos.map((c) => ({ ...c, nombreBusqueda: searchKey(c.nombre) })))
    .onConflictDoNothing();
  const codigoRows = await tx
    .select({ id: codigosPrestacion.id, codigo: codigosPrestacion.codigo })
    .from(codigosPrestacion)
    .where(
      inArray(
        codigosPrestacion.codigo,
        NOMENCLADOR.codigos.map((c) => c.codigo),
      ),
    );
  const codigoId = new Map(codigoRows.map((c) => [c.codigo, c.id]));
  for (const grupo of NOMENCLADOR.grupos) {
    const [row] = await tx
      .insert(gruposCodigos)
      .values({ nombre: grupo.nombre })
      .onConflictDoNothing()
      .returning({ id: gruposCodigos.id });
    if (!row) continue;
    const items = grupo.codigos.flatMap((c) => {
      const id = codigoId.get(c);
      return id === undefined ? [] : [{ grupoId: row.id, codigoId: id }];
    });
    if (items.length) await tx.insert(gruposCodigosItems).values(items);
  }
  return codigoId;
}

/** The demo's two plans of every insurer, and the file of each one's rules. */
export const DEMO_PLANES = [
  { codigo: 'BASICO', nombre: 'Plan Básico', reglas: 'reglas-plan-basico.csv' },
  { codigo: 'INTEGRAL', nombre: 'Plan Integral', reglas: 'reglas-plan-integral.csv' },
] as const;

/** The day the demo's contracts and first fees start, and the day fees rise by FEE_RISE_PERCENT. */
const CONVENIO_DESDE = '2026-01-01';
const FEES_RISE_ON = '2026-07-01';
const FEE_RISE_PERCENT = 15;

/** A catalogue file of rules, read as the import reads one; a bad line is a broken catalogue. */
function readReglas(file: string): ReglaLine[] {
  const text = readFileSync(new URL(`src/db/seed/catalog/${file}`, API_ROOT), 'utf8');
  const [header, ...lines] = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const columns = mapColumns(header!.split(';').map(headerKey), REGLA_ALIASES);
  return lines.map((line, i) => {
    const result = validateReglaRecord(i + 2, line.split(';'), columns);
    if ('error' in result) throw new Error(`${file}, línea ${i + 2}: ${result.error}`);
    return result.row;
  });
}

/**
 * A contract with each insurer (the first requires the affiliate's token),
 * its fees in units of the code table, and its two plans with their rules;
 * answers each insurer's plan ids by plan code.
 */
export async function insertDemoPrestaciones(
  tx: Tx,
  obrasSociales: readonly { id: number; nombre: string }[],
  codigoId: ReadonlyMap<string, number>,
): Promise<Map<number, Record<(typeof DEMO_PLANES)[number]['codigo'], number>>> {
  const reglas = DEMO_PLANES.map((p) => readReglas(p.reglas));
  const targets = await reglasRepo.findTargets(
    tx,
    reglas.flat().map((r) => r.objetivo),
  );
  const planIds = new Map<number, Record<(typeof DEMO_PLANES)[number]['codigo'], number>>();
  for (const [index, os] of obrasSociales.entries()) {
    const [convenio] = await tx
      .insert(convenios)
      .values({
        obraSocialId: os.id,
        nombre: `Convenio ${os.nombre} 2026`,
        vigenteDesde: CONVENIO_DESDE,
        diaCierre: 20 + (index % 6),
        plazoPresentacionDias: 60,
        plazoRefacturacionDias: 30,
        requiereToken: index === 0,
        // $ 12.000,00 a unit, a little more for each insurer after the first.
        valorUnidad: 1_200_000 + index * 75_000,
      })
      .returning({ id: convenios.id });
    await tx.insert(aranceles).values(
      NOMENCLADOR.codigos.flatMap((c) => {
        const id = codigoId.get(c.codigo);
        if (id === undefined) return [];
        const base = { convenioId: convenio!.id, codigoId: id, importe: null };
        return [
          { ...base, unidades: c.unidades, vigenteDesde: CONVENIO_DESDE, vigenteHasta: '2026-06-30' },
          {
            ...base,
            unidades: Math.round((c.unidades * (100 + FEE_RISE_PERCENT)) / 100),
            vigenteDesde: FEES_RISE_ON,
            vigenteHasta: null,
          },
        ];
      }),
    );
    const ids = {} as Record<(typeof DEMO_PLANES)[number]['codigo'], number>;
    for (const [p, plan] of DEMO_PLANES.entries()) {
      const [row] = await tx
        .insert(planes)
        .values({ obraSocialId: os.id, codigo: plan.codigo, nombre: plan.nombre })
        .returning({ id: planes.id });
      ids[plan.codigo] = row!.id;
      await reglasRepo.insertMany(
        tx,
        row!.id,
        reglas[p]!.map((r) => {
          const target = targetOf(r.objetivo, targets);
          if ('error' in target) throw new Error(`${plan.reglas}, línea ${r.line}: ${target.error}`);
          const { objetivo: _, ...terms } = r.values;
          return { ...terms, codigoId: target.codigoId, grupoId: target.grupoId, capitulo: target.capitulo };
        }),
      );
    }
    planIds.set(os.id, ids);
  }
  return planIds;
}

/**
 * A demo affiliate's plan, card number and fecha de alta, the same on every
 * run: most have the basic plan, a third the integral one, one in ten none
 * yet (the rules will answer 'Sin plan asignado'); the day they joined falls
 * between 2015 and late 2026, so a few are still in a waiting period.
 */
export function demoPlanOf(
  index: number,
  documento: string,
  plans: Record<(typeof DEMO_PLANES)[number]['codigo'], number> | undefined,
) {
  if (!plans || index % 10 === 9) return { planId: null, numeroAfiliado: null, fechaAlta: null };
  const day = new Date(Date.UTC(2015, 0, 1) + ((index * 7919) % 4350) * 86_400_000);
  return {
    planId: index % 3 === 1 ? plans.INTEGRAL : plans.BASICO,
    numeroAfiliado: `60-${documento}-0${(index % 3) + 1}`,
    fechaAlta: day.toISOString().slice(0, 10),
  };
}
