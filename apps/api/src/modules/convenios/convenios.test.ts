import { MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { loadCodigos } from '../nomenclador/nomenclador.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createConvenio, importAranceles } from './convenios.factories.ts';

const M = MESSAGES.convenios;

describe.each(BACKENDS)('the insurers’ contracts and their fees (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentist: Record<string, string>;
  let osde: { id: number };

  beforeAll(async () => {
    await loadCodigos(t.app, t.admin);
    dentist = await signInWithRole(t.app, t.admin, 'PRESTADOR');
    osde = await createObraSocial(t.app, t.staff, { nombre: 'OSDE Convenios' });
  });

  const aranceles = async (convenioId: number, fecha: string, auth = t.admin) => {
    const response = await t.inject('GET', `/api/convenios/${convenioId}/aranceles?fecha=${fecha}`, auth);
    expect(response.statusCode).toBe(200);
    return (response.json().rows as { codigo: string; valor: number }[]).map((r) => [r.codigo, r.valor]);
  };

  it('keeps dated contracts that never overlap for one insurer, and refuses deleting an insurer that has one', async () => {
    const convenio = await createConvenio(t.app, t.admin, osde.id, {
      vigenteHasta: '2026-12-31',
      plazoAutorizacionHoras: 72,
    });
    expect(convenio).toMatchObject({
      obraSocial: { id: osde.id },
      diaCierre: 25,
      valorUnidad: 100000,
      aranceles: 0,
      // The authorizations' clock: as given, and the default lasting of an approval.
      plazoAutorizacionHoras: 72,
      vigenciaAutorizacionDias: 90,
    });

    const overlapping = await t.inject('POST', '/api/convenios', t.admin, {
      ...convenio,
      obraSocialId: osde.id,
      nombre: 'Otro',
      vigenteDesde: '2026-06-01',
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().error).toBe(M.OVERLAPS('Convenio 2026', '01/01/2026', '31/12/2026'));

    const bad = await t.inject('POST', '/api/convenios', t.admin, {
      obraSocialId: osde.id,
      nombre: '',
      vigenteDesde: '2026-02-30',
      diaCierre: 31,
      plazoPresentacionDias: -1,
      plazoRefacturacionDias: 30,
      requiereToken: false,
      valorUnidad: 1.5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      nombre: M.NOMBRE_REQUIRED,
      vigenteDesde: M.FECHA_INVALID,
      diaCierre: M.DIA_CIERRE_INVALID,
      plazoPresentacionDias: M.PLAZO_INVALID,
    });

    const removed = await t.inject('DELETE', `/api/obra-sociales/${osde.id}`, t.admin);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error).toBe(MESSAGES.obrasSociales.HAS_CONVENIOS);
  });

  it('imports fees in pesos or units; a change from the 15th leaves the 10th at the old price', async () => {
    const os = await createObraSocial(t.app, t.staff, { nombre: 'Galeno Convenios' });
    const convenio = await createConvenio(t.app, t.admin, os.id);
    const first =
      'codigo;importe;vigente_desde;vigente_hasta\n01.01;12.345,67;01/01/2026;\n02.01;U:2,5;2026-01-01;\n';
    const preview = await importAranceles(t.app, t.admin, convenio.id, first, { dryRun: true });
    expect(preview.json()).toEqual({
      dryRun: true,
      count: 2,
      created: 2,
      closed: 0,
      replaced: 0,
      unchanged: 0,
      errors: [],
      errorCount: 0,
    });
    expect(await aranceles(convenio.id, '2026-03-01')).toEqual([]);
    expect((await importAranceles(t.app, t.admin, convenio.id, first)).statusCode).toBe(201);
    // 2,5 units × $ 1.000,00.
    expect(await aranceles(convenio.id, '2026-03-01', dentist)).toEqual([
      ['01.01', 1234567],
      ['02.01', 250000],
    ]);

    const change = iconv.encode('Código;Arancel;Vigente desde\r\n01.01;13.000,00;15/12/2026\r\n', 'win1252');
    expect((await importAranceles(t.app, t.admin, convenio.id, change)).json()).toMatchObject({
      created: 1,
      closed: 1,
    });
    expect(await aranceles(convenio.id, '2026-12-10')).toEqual([
      ['01.01', 1234567],
      ['02.01', 250000],
    ]);
    expect(await aranceles(convenio.id, '2026-12-15')).toEqual([
      ['01.01', 1300000],
      ['02.01', 250000],
    ]);
    const [audit] = await queryRows<{ details: unknown }>(
      t.db,
      sql`select details from audit_log where action = 'import' and entity = 'convenio' order by id desc limit 1`,
    );
    expect(audit?.details).toMatchObject({ count: 1, created: 1, closed: 1 });

    // The terms may not leave fees out of the contract, nor reprice fees set in units.
    const terms = { ...convenio, obraSocialId: os.id };
    const repriced = await t.inject('PUT', `/api/convenios/${convenio.id}`, t.admin, {
      ...terms,
      valorUnidad: 120000,
    });
    expect(repriced.statusCode).toBe(409);
    expect(repriced.json().fields).toEqual({ valorUnidad: M.VALOR_UNIDAD_IN_USE });
    const later = await t.inject('PUT', `/api/convenios/${convenio.id}`, t.admin, {
      ...terms,
      vigenteDesde: '2026-02-01',
    });
    expect(later.json().error).toBe(M.STARTS_AFTER_FEES('01/01/2026'));
    const shorter = await t.inject('PUT', `/api/convenios/${convenio.id}`, t.admin, {
      ...terms,
      vigenteHasta: '2026-12-31',
    });
    expect(shorter.json().error).toBe(M.SHORTER_THAN_FEES('31/12/2026'));
    const renamed = await t.inject('PUT', `/api/convenios/${convenio.id}`, t.admin, {
      ...terms,
      nombre: 'Convenio Galeno',
    });
    expect(renamed.json()).toMatchObject({ nombre: 'Convenio Galeno', aranceles: 3 });
  });

  it('lists every bad line in words and loads nothing while any remains', async () => {
    const os = await createObraSocial(t.app, t.staff, { nombre: 'Swiss Convenios' });
    const convenio = await createConvenio(t.app, t.admin, os.id, {
      valorUnidad: null,
      vigenteHasta: '2026-12-31',
    });
    const csv = [
      'codigo;importe;vigente_desde;vigente_hasta',
      '99.99;100;2026-01-01;',
      '01.01;cien;2026-01-01;',
      '02.01;U:3;2026-01-01;',
      '02.02;100;2026-13-01;',
      '03.01;100;2026-03-01;2026-02-01',
      '05.01;100;2025-12-01;',
      '06.01;100;2026-01-01;',
      '06.01;200;2026-01-01;',
      '07.01;1.500,50;2026-02-01;',
    ].join('\n');
    const preview = await importAranceles(t.app, t.admin, convenio.id, csv, { dryRun: true });
    expect(preview.json().errors).toEqual([
      { line: 2, message: M.ROW_UNKNOWN_CODIGO('99.99') },
      { line: 3, message: M.ROW_BAD_IMPORTE('cien') },
      { line: 4, message: M.ROW_NO_VALOR_UNIDAD },
      { line: 5, message: M.ROW_BAD_DESDE('2026-13-01') },
      { line: 6, message: M.ROW_HASTA_BEFORE_DESDE },
      { line: 7, message: M.ROW_OUTSIDE_CONVENIO('01/01/2026', '31/12/2026') },
      { line: 9, message: M.ROW_OVERLAPS_LINE(8) },
    ]);
    const refused = await importAranceles(t.app, t.admin, convenio.id, csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(M.HAS_ERRORS('7'));
    expect(await aranceles(convenio.id, '2026-06-01')).toEqual([]);
  });

  it('lets only NOMENCLADOR.MANAGE keep contracts and fees', async () => {
    const [convenio] = (await t.inject('GET', `/api/convenios?obraSocialId=${osde.id}`, dentist)).json();
    for (const auth of [t.staff, dentist]) {
      expect((await t.inject('PUT', `/api/convenios/${convenio.id}`, auth, {})).statusCode).toBe(403);
      expect(
        (await importAranceles(t.app, auth, convenio.id, 'codigo;importe;vigente_desde\n')).statusCode,
      ).toBe(403);
    }
    expect((await t.inject('GET', '/api/convenios')).statusCode).toBe(401);
  });
});
