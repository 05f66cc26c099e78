import { IMPORT_NAMES_LIMIT, MESSAGES } from '@red-dental/contracts';
import { uniqueDocumento } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACKENDS, multipart, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { afiliadoAuth, createAfiliado } from './afiliados.factories.ts';

interface AuditRow {
  action: string;
  entity_id: string | null;
  documento: string | null;
  afiliado_ids: number[] | null;
  details: Record<string, unknown>;
}

describe.each(BACKENDS)('what an import does to people, named and on the record (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });

  const upload = (obraSocialId: number, csv: string, query: string, name = 'padron-union.csv') => {
    const body = multipart({ obraSocialId: String(obraSocialId) }, { name, content: csv });
    return t.app.inject({
      method: 'POST',
      url: `/api/afiliados/import-csv?${query}`,
      headers: { ...t.staff, ...body.headers },
      payload: body.payload,
    });
  };
  const auditOf = (afiliadoId: number) =>
    queryRows<AuditRow>(
      t.db,
      sql`select action, entity_id, documento, afiliado_ids, details from audit_log
          where afiliado_ids @> ${`{${afiliadoId}}`}::integer[] and action in ('deactivate', 'update')
          order by id`,
    );

  /**
   * Unión Personal with two active affiliates (Zoe stays, Bruno is not in the file); Lucía of OSDE and
   * Mario without an insurer, both listed in Unión Personal's file.
   */
  async function scene() {
    const stamp = Date.now() % 100_000;
    const union = await createObraSocial(t.app, t.staff, { nombre: `Unión Personal ${stamp}` });
    const osde = await createObraSocial(t.app, t.staff, { nombre: `OSDE ${stamp}` });
    const sinObra = await createObraSocial(t.app, t.staff, { nombre: `Borrada ${stamp}` });
    const zoe = await createAfiliado(t.app, t.staff, union.id, { nombre: `Zoe Quiroga ${stamp}` });
    const bruno = await createAfiliado(t.app, t.staff, union.id, { nombre: `Bruno Álvarez ${stamp}` });
    const lucia = await createAfiliado(t.app, t.staff, osde.id, { nombre: `Lucía Acuña ${stamp}` });
    const mario = await createAfiliado(t.app, t.staff, sinObra.id, { nombre: `Mario Sosa ${stamp}` });
    // Deleting an insurer leaves its affiliates with none ('No asignada').
    expect((await t.inject('DELETE', `/api/obra-sociales/${sinObra.id}`, t.admin)).statusCode).toBe(204);
    const csv = [
      'nombre,documento',
      `${zoe.nombre},${zoe.documento}`,
      `${lucia.nombre},${lucia.documento}`,
      `${mario.nombre},${mario.documento}`,
      `Nueva Persona ${stamp},${uniqueDocumento()}`,
    ].join('\n');
    return { union, osde, zoe, bruno, lucia, mario, csv };
  }

  it('names in the preview and in the result who is given de baja and who changes insurer', async () => {
    const { union, osde, bruno, lucia, mario, csv } = await scene();
    const ref = (a: { id: number; nombre: string; documento: string }) => ({
      id: a.id,
      nombre: a.nombre,
      tipoDocumento: 'DNI',
      documento: a.documento,
    });

    const dry = await upload(union.id, csv, 'dryRun=true&bajaAusentes=true');
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      obraSocial: { id: union.id, nombre: union.nombre },
      deactivated: 1,
      deactivatedAfiliados: [ref(bruno)],
      moved: 2,
      // In name order: Lucía before Mario.
      movedAfiliados: [
        { ...ref(lucia), from: { id: osde.id, nombre: osde.nombre } },
        { ...ref(mario), from: null },
      ],
      dryRun: true,
    });
    // The preview wrote nothing, nor anything on anyone's record.
    expect((await t.inject('GET', `/api/afiliados/${bruno.id}`, t.staff)).json().fechaBaja).toBeNull();
    expect(await auditOf(lucia.id)).toEqual([]);

    const real = await upload(union.id, csv, 'bajaAusentes=true');
    expect(real.statusCode).toBe(201);
    expect(real.json()).toMatchObject({
      deactivated: 1,
      deactivatedAfiliados: [ref(bruno)],
      moved: 2,
      movedAfiliados: [
        { ...ref(lucia), from: { id: osde.id, nombre: osde.nombre } },
        { ...ref(mario), from: null },
      ],
      dryRun: false,
    });
    expect((await t.inject('GET', `/api/afiliados/${lucia.id}`, t.staff)).json().obraSocial).toEqual({
      id: union.id,
      nombre: union.nombre,
    });
  });

  it('puts each baja and insurer change on the affiliate’s trail, and insurer, file and counts on the import’s row', async () => {
    const { union, osde, zoe, bruno, lucia, mario, csv } = await scene();
    const before = await queryRows<{ id: string }>(
      t.db,
      sql`select coalesce(max(id), 0)::text as id from audit_log`,
    );
    expect((await upload(union.id, csv, 'bajaAusentes=true')).statusCode).toBe(201);

    const byImport = { archivo: 'padron-union.csv', obraSocialId: union.id, obraSocial: union.nombre };
    expect(await auditOf(bruno.id)).toEqual([
      {
        action: 'deactivate',
        entity_id: String(bruno.id),
        documento: bruno.documento,
        afiliado_ids: [bruno.id],
        details: { ...byImport, documento: bruno.documento, nombre: bruno.nombre },
      },
    ]);
    expect(await auditOf(lucia.id)).toEqual([
      {
        action: 'update',
        entity_id: String(lucia.id),
        documento: lucia.documento,
        afiliado_ids: [lucia.id],
        details: {
          ...byImport,
          documento: lucia.documento,
          nombre: lucia.nombre,
          obraSocialAnteriorId: osde.id,
          obraSocialAnterior: osde.nombre,
        },
      },
    ]);
    expect((await auditOf(mario.id))[0]?.details).toMatchObject({
      obraSocialAnteriorId: null,
      obraSocialAnterior: null,
    });
    // Zoe stays where she was: nothing on her record.
    expect(await auditOf(zoe.id)).toEqual([]);

    const [importRow] = await queryRows<{ details: Record<string, unknown> }>(
      t.db,
      sql`select details from audit_log where action = 'import' and id > ${before[0]!.id}::bigint`,
    );
    expect(importRow?.details).toEqual({
      obraSocialId: union.id,
      obraSocial: union.nombre,
      archivo: 'padron-union.csv',
      count: 4,
      created: 1,
      updated: 2,
      reactivated: 0,
      deactivated: 1,
      moved: 2,
      errorCount: 0,
    });

    // Auditoría finds both by the affiliate's document, as every entry about them.
    const trail = await t.inject('GET', `/api/auditoria?documento=${lucia.documento}`, t.admin);
    expect(trail.statusCode).toBe(200);
    expect(trail.json().rows.map((r: { action: string }) => r.action)).toContain('update');
    const baja = await t.inject(
      'GET',
      `/api/auditoria?documento=${bruno.documento}&accion=deactivate`,
      t.admin,
    );
    expect(baja.json().rowCount).toBe(1);
    // The affiliate sees the change among who touched their data.
    const accesos = await t.inject(
      'GET',
      '/api/afiliados/profile/accesos',
      await afiliadoAuth(t.app, lucia.id),
    );
    expect(accesos.json().rows.map((r: { tipo: string }) => r.tipo)).toContain('modificacion');
  });

  it('names only the first ones of a big file and counts them all, from the database’s sort', async () => {
    const union = await createObraSocial(t.app, t.staff);
    const otra = await createObraSocial(t.app, t.staff);
    const n = IMPORT_NAMES_LIMIT + 7;
    const base = 40_000_000 + (Date.now() % 1_000_000) * 10;
    // n affiliates of another insurer, inserted in one statement, moved by a file listing them all.
    await t.db.execute(sql`
      insert into afiliados (nombre, nombre_busqueda, tipo_documento, documento, obra_social_id)
      select 'Persona ' || lpad(g::text, 3, '0'), 'persona ' || lpad(g::text, 3, '0'), 'DNI', (${base}::int + g)::text,
             ${otra.id}::int
      from generate_series(1, ${n}::int) g`);
    const csv = [
      'nombre,documento',
      ...Array.from({ length: n }, (_, i) => `Persona ${String(i + 1).padStart(3, '0')},${base + i + 1}`),
    ].join('\n');
    const dry = (await upload(union.id, csv, 'dryRun=true')).json();
    expect(dry.moved).toBe(n);
    expect(dry.movedAfiliados).toHaveLength(IMPORT_NAMES_LIMIT);
    expect(dry.movedAfiliados[0]).toMatchObject({ nombre: 'Persona 001', from: { id: otra.id } });
    expect(dry.movedAfiliados.at(-1).nombre).toBe(`Persona ${String(IMPORT_NAMES_LIMIT).padStart(3, '0')}`);

    // Loaded, then a file without them gives them all de baja: named the same way, each on their own record.
    expect((await upload(union.id, csv, '')).json().moved).toBe(n);
    const real = await upload(
      union.id,
      `nombre,documento\nAlguien Más,${uniqueDocumento()}\n`,
      'bajaAusentes=true',
      'vacio.csv',
    );
    expect(real.json().deactivated).toBe(n);
    expect(real.json().deactivatedAfiliados).toHaveLength(IMPORT_NAMES_LIMIT);
    expect(real.json().deactivatedAfiliados[0].nombre).toBe('Persona 001');
    const [counted] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log
          where action = 'deactivate' and details->>'archivo' = 'vacio.csv'
            and (details->>'obraSocialId')::int = ${union.id}::int`,
    );
    expect(counted?.n).toBe(n);
  });

  it('says a birth date in the future is in the future', async () => {
    const union = await createObraSocial(t.app, t.staff);
    const csv = `nombre,documento,fecha_nacimiento\nAna Futura,${uniqueDocumento()},01/01/2999\nAna Mal,${uniqueDocumento()},31/02/1990\n`;
    const dry = await upload(union.id, csv, 'dryRun=true');
    expect(dry.json().errors).toEqual([
      { line: 2, message: MESSAGES.csv.ROW_FUTURE_DATE('01/01/2999') },
      { line: 3, message: MESSAGES.csv.ROW_BAD_DATE('31/02/1990') },
    ]);
    expect(MESSAGES.csv.ROW_FUTURE_DATE('01/01/2999')).toBe(
      'Fecha de nacimiento en el futuro: "01/01/2999" (es posterior a hoy)',
    );
  });
});
