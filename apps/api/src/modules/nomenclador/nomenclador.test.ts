import { MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { importCodigos, loadCodigos } from './nomenclador.factories.ts';

const M = MESSAGES.nomenclador;

describe.each(BACKENDS)('the code table (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentist: Record<string, string>;

  beforeAll(async () => {
    await loadCodigos(t.app, t.admin);
    dentist = await signInWithRole(t.app, t.admin, 'PRESTADOR');
  });

  const list = async (query: string, auth = t.admin) => {
    const response = await t.inject('GET', `/api/nomenclador${query}`, auth);
    expect(response.statusCode).toBe(200);
    return response.json() as { rows: { id: number; codigo: string; nombre: string }[]; rowCount: number };
  };

  it('finds codes by the start of the code or by words of the name, accents and case aside, and by chapter', async () => {
    expect((await list('?search=02.')).rows.map((r) => r.codigo)).toEqual(['02.01', '02.02']);
    expect((await list('?search=0202')).rows.map((r) => r.codigo)).toEqual(['02.02']);
    expect((await list('?search=OBTURACION%20compuesta')).rows.map((r) => r.codigo)).toEqual(['02.02']);
    expect((await list('?search=fluor')).rows.map((r) => r.codigo)).toEqual(['07.01']);
    expect((await list('?capitulo=03')).rows.map((r) => r.codigo)).toEqual(['03.01']);
    const page = await list('?pageSize=2&pageIndex=1');
    expect(page.rowCount).toBe(7);
    expect(page.rows.map((r) => r.codigo)).toEqual(['02.02', '03.01']);
    // A dentist reads the table; so does any account of the back office.
    expect((await list('?search=consulta', dentist)).rows[0]).toMatchObject({
      codigo: '01.01',
      capitulo: '01',
      area: 'boca',
      carasMin: 0,
      carasMax: 0,
      denticion: 'ambas',
      unidades: 100,
      grupos: [],
    });
    const bad = await t.inject('GET', '/api/nomenclador?capitulo=11', t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ capitulo: M.CAPITULO_INVALID });
  });

  it('edits a code, audited with what it was, and refuses faces on a code that takes none', async () => {
    const [endo] = (await list('?search=03.01')).rows;
    const edited = await t.inject('PUT', `/api/nomenclador/${endo!.id}`, t.admin, {
      nombre: 'Tratamiento endodóntico en unirradiculares (incluye Rx)',
      norma: 'Incluye las radiografías pre y post operatorias.',
      area: 'pieza',
      denticion: 'permanente',
      unidades: 850,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      codigo: '03.01',
      unidades: 850,
      norma: expect.stringContaining('Incluye'),
    });
    const [audit] = await queryRows<{ details: Record<string, unknown> }>(
      t.db,
      sql`select details from audit_log where entity = 'codigo_prestacion' and entity_id = ${String(endo!.id)}`,
    );
    expect(audit?.details).toMatchObject({ codigo: '03.01', unidades: '8,5', antes: { unidades: '8' } });

    const faces = await t.inject('PUT', `/api/nomenclador/${endo!.id}`, t.admin, {
      nombre: 'Endodoncia',
      area: 'pieza',
      carasMin: 1,
      carasMax: 2,
      denticion: 'ambas',
      unidades: null,
    });
    expect(faces.statusCode).toBe(400);
    expect(faces.json().fields).toEqual({ carasMax: M.CARAS_ONLY_FOR_CARAS });
    const unknown = await t.inject('PUT', '/api/nomenclador/999999', t.admin, {
      nombre: 'X',
      area: 'boca',
      denticion: 'ambas',
      unidades: null,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps groups of codes with unique names, naming codes that are not in the table', async () => {
    const created = await t.inject('POST', '/api/nomenclador/grupos', t.admin, {
      nombre: 'Obturaciones',
      codigos: ['02.02', '02.01', '02.01'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      nombre: 'Obturaciones',
      codigos: ['02.01', '02.02'],
    });
    expect((await list('?search=02.01')).rows[0]).toMatchObject({ grupos: ['Obturaciones'] });

    const taken = await t.inject('POST', '/api/nomenclador/grupos', t.admin, {
      nombre: 'OBTURACIONES',
      codigos: ['02.01'],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ nombre: M.GRUPO_TAKEN });
    const unknown = await t.inject('POST', '/api/nomenclador/grupos', t.admin, {
      nombre: 'Prótesis fija',
      codigos: ['04.01', '04.02'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(M.GRUPO_UNKNOWN_CODES(['04.01', '04.02']));

    const id = created.json().id;
    const renamed = await t.inject('PUT', `/api/nomenclador/grupos/${id}`, t.admin, {
      nombre: 'Operatoria',
      codigos: ['02.01', '02.02', '01.01'],
    });
    expect(renamed.json()).toEqual({ id, nombre: 'Operatoria', codigos: ['01.01', '02.01', '02.02'] });
    expect((await t.inject('GET', '/api/nomenclador/grupos', dentist)).json()).toEqual([renamed.json()]);
    expect((await t.inject('DELETE', `/api/nomenclador/grupos/${id}`, t.admin)).statusCode).toBe(204);
    expect((await t.inject('DELETE', `/api/nomenclador/grupos/${id}`, t.admin)).statusCode).toBe(404);
  });

  it('lets only NOMENCLADOR.MANAGE change the table, and nobody signed out read it', async () => {
    const [code] = (await list('?search=01.01')).rows;
    for (const auth of [t.staff, dentist]) {
      expect((await importCodigos(t.app, auth, 'codigo;nombre;area\n01.02;X;boca\n')).statusCode).toBe(403);
      expect(
        (
          await t.inject('PUT', `/api/nomenclador/${code!.id}`, auth, {
            nombre: 'X',
            area: 'boca',
            denticion: 'ambas',
            unidades: null,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await t.inject('POST', '/api/nomenclador/grupos', auth, { nombre: 'X', codigos: ['01.01'] }))
          .statusCode,
      ).toBe(403);
    }
    expect((await t.inject('GET', '/api/nomenclador')).statusCode).toBe(401);
  });
});
