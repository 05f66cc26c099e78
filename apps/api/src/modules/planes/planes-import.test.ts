import { MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { loadCodigos } from '../nomenclador/nomenclador.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createPlan, importReglas } from './planes.factories.ts';

const M = MESSAGES.planes;

const HEADER =
  'objetivo;cubre;cobertura_pct;coseguro;requiere_autorizacion;adjuntos;frecuencia;periodo_dias;ambito;mismo_prestador;edad_min;edad_max;carencia_dias;tope_mensual;garantia_meses;vigente_desde;vigente_hasta';

/** A plan's rules as a network writes them: every kind of rule at least once. */
const REGLAS_CSV = [
  HEADER,
  '05.01;si;100;;no;;1;180;afiliado;no;;;;;;01/01/2026;',
  'grupo:Obturaciones;si;100;;no;;1;730;pieza+cara;no;;;;;24;01/01/2026;',
  'capitulo:04;si;100;50%;si;rx_pre rx_post;;;;;;;60;4;;01/01/2026;',
  '06.01;si;80;15.000,00;si;foto,presupuesto;1;;afiliado;no;10;18;;;;01/01/2026;',
  '01.01;si;;;no;;2;año;afiliado;si;;;;;;2026-01-01;',
  'capitulo:09;no;;;;;;;;;;;;;;01/01/2026;',
].join('\r\n');

describe.each(BACKENDS)('importing and exporting a plan’s rules (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let os: { id: number };

  beforeAll(async () => {
    await loadCodigos(t.app, t.admin);
    await t.inject('POST', '/api/nomenclador/grupos', t.admin, {
      nombre: 'Obturaciones',
      codigos: ['02.01', '02.02'],
    });
    os = await createObraSocial(t.app, t.staff, { nombre: 'Galeno Reglas' });
  });

  const textos = async (planId: number, fecha: string) =>
    (
      (await t.inject('GET', `/api/planes/${planId}/reglas?fecha=${fecha}`, t.admin)).json() as {
        texto: string;
      }[]
    ).map((r) => r.texto);

  it('previews, loads whole, reads back in words, and exports a file that imports unchanged', async () => {
    const plan = await createPlan(t.app, t.admin, os.id, { codigo: 'IMP' });
    const preview = await importReglas(t.app, t.admin, plan.id, REGLAS_CSV, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ dryRun: true, count: 6, created: 6, errorCount: 0 });
    expect(await textos(plan.id, '2026-06-01')).toEqual([]);

    const loaded = await importReglas(t.app, t.admin, plan.id, REGLAS_CSV);
    expect(loaded.statusCode).toBe(201);
    expect(await textos(plan.id, '2026-06-01')).toEqual([
      'Consulta. Examen, diagnóstico y plan de tratamiento (01.01): 2 por año calendario por afiliado con el mismo prestador, 100 %, sin coseguro',
      'Tartrectomía y cepillado mecánico (05.01): una cada 180 días por afiliado, 100 %, sin coseguro',
      'Ortodoncia. Aparatología removible, por arcada (06.01): una en total por afiliado, 80 %, coseguro $ 15.000,00, de 10 a 18 años, requiere autorización previa, con foto y presupuesto',
      'Grupo Obturaciones: una cada 730 días por pieza y cara, 100 %, sin coseguro, garantía de 24 meses por pieza y cara',
      'Capítulo 04 (Prótesis): 100 %, coseguro 50 %, hasta 4 por mes, carencia de 60 días, requiere autorización previa, con Rx preoperatoria y Rx postoperatoria',
      'Capítulo 09 (Radiología): no cubierto',
    ]);

    const exported = await t.inject('GET', `/api/planes/${plan.id}/reglas/export`, t.admin);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('reglas-galeno-reglas-imp.csv');
    expect(exported.body.split('\r\n')[0]).toBe(`\uFEFF${HEADER}`);
    const again = await importReglas(t.app, t.admin, plan.id, exported.body);
    expect(again.json()).toMatchObject({ count: 6, created: 0, replaced: 0, unchanged: 6 });

    // A new version from the 1st of July ends the open one the day before.
    const change = iconv.encode(
      'Objetivo;Cubre;Cobertura %;Coseguro;Frecuencia;Período días;Ámbito;Vigente desde\r\n05.01;sí;100;1.500;1;365;afiliado;01/07/2026\r\n',
      'win1252',
    );
    expect((await importReglas(t.app, t.admin, plan.id, change)).json()).toMatchObject({
      created: 1,
      closed: 1,
    });
    expect((await textos(plan.id, '2026-06-30'))[1]).toContain('una cada 180 días');
    expect((await textos(plan.id, '2026-07-01'))[1]).toContain(
      'una cada 365 días por afiliado, 100 %, coseguro $ 1.500,00',
    );
    const [audit] = await queryRows<{ details: unknown }>(
      t.db,
      sql`select details from audit_log where action = 'import' and entity = 'plan' order by id desc limit 1`,
    );
    expect(audit?.details).toMatchObject({ count: 1, created: 1, closed: 1 });
  });

  it('lists every bad line in words and loads nothing while any remains', async () => {
    const plan = await createPlan(t.app, t.admin, os.id, { codigo: 'MAL' });
    const csv = [
      HEADER,
      '99.99;si;100;;no;;;;;;;;;;;01/01/2026;',
      'grupo:Coronas;si;100;;no;;;;;;;;;;;01/01/2026;',
      'capitulo:11;si;100;;no;;;;;;;;;;;01/01/2026;',
      'muelas;si;100;;no;;;;;;;;;;;01/01/2026;',
      '05.01;quizás;100;;no;;;;;;;;;;;01/01/2026;',
      '05.01;si;100;mucho;no;;;;;;;;;;;01/01/2026;',
      '05.01;si;100;;no;rx;;;;;;;;;;01/01/2026;',
      '05.01;si;100;;no;;1;180;boca;no;;;;;;01/01/2026;',
      '05.01;si;100;;no;;;;;;;;;;;31/02/2026;',
      '05.01;no;50;;no;;;;;;;;;;;01/01/2026;',
      '02.01;si;100;;no;;;;;;20;10;;;;01/01/2026;',
      '02.02;si;100;;no;;;;;;;;;;;01/01/2026;30/06/2026',
      '02.02;si;90;;no;;;;;;;;;;;01/06/2026;',
    ].join('\n');
    const preview = await importReglas(t.app, t.admin, plan.id, csv, { dryRun: true });
    expect(preview.json().errors).toEqual([
      { line: 2, message: M.OBJETIVO_UNKNOWN_CODIGO('99.99') },
      { line: 3, message: M.OBJETIVO_UNKNOWN_GRUPO('Coronas') },
      { line: 4, message: M.OBJETIVO_UNKNOWN_CAPITULO('11') },
      { line: 5, message: M.OBJETIVO_INVALID('muelas') },
      { line: 6, message: M.ROW_BAD_BOOLEAN('cubre', 'quizás') },
      { line: 7, message: M.COSEGURO_INVALID },
      { line: 8, message: M.ADJUNTO_INVALID('rx') },
      { line: 9, message: M.AMBITO_INVALID },
      { line: 10, message: M.ROW_BAD_DESDE('31/02/2026') },
      { line: 11, message: M.NOT_COVERED_WITH_TERMS },
      { line: 12, message: M.EDAD_RANGE },
      { line: 14, message: M.ROW_OVERLAPS_LINE(13) },
    ]);
    const refused = await importReglas(t.app, t.admin, plan.id, csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(M.HAS_ERRORS('12'));
    expect((await t.inject('GET', `/api/planes/${plan.id}/reglas`, t.admin)).json()).toEqual([]);

    const noColumns = await importReglas(t.app, t.admin, plan.id, 'codigo;importe\n01.01;100\n');
    expect(noColumns.json().error).toBe(M.MISSING_COLUMNS(['objetivo', 'vigente_desde']));
  });
});
