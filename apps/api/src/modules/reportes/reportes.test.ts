import {
  accesoRowSchema,
  MESSAGES,
  miReporteSchema,
  paginatedSchema,
  reporteQueueRowSchema,
  reporteSchema,
} from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { afiliadoAuth, createAfiliado } from '../afiliados/afiliados.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';

const queuePage = paginatedSchema(reporteQueueRowSchema);
const own = z.array(miReporteSchema);

describe.each(BACKENDS)('reportes (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentistAuth: Record<string, string>;
  let afiliado: Record<string, string>;
  let otherAfiliado: Record<string, string>;
  let marta: { id: number; documento: string };
  let dentist: Awaited<ReturnType<typeof createDentist>>;

  async function report(auth: Record<string, string>, motivo: string) {
    const res = await t.inject('POST', `/api/profesionales/${dentist.id}/reportes`, auth, { motivo });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  async function queue(query = '') {
    const res = await t.inject('GET', `/api/reportes?pageIndex=0&pageSize=50${query}`, t.staff);
    expect(res.statusCode, res.body).toBe(200);
    return queuePage.parse(res.json());
  }

  async function mine(auth: Record<string, string>) {
    const res = await t.inject('GET', '/api/reportes/mios', auth);
    expect(res.statusCode, res.body).toBe(200);
    return own.parse(res.json());
  }

  beforeAll(async () => {
    const os = await createObraSocial(t.app, t.staff);
    dentist = await createDentist(t.app, t.admin, { nombre: 'Dr. Tomás Ríos', obrasSociales: [os.id] });
    dentistAuth = await loginAs(t.app, dentist.email, dentist.password);
    marta = await createAfiliado(t.app, t.staff, os.id, { nombre: 'Marta Gil' });
    afiliado = await afiliadoAuth(t.app, marta.id);
    otherAfiliado = await afiliadoAuth(t.app, (await createAfiliado(t.app, t.staff, os.id)).id);
  });

  it('puts every open report in one queue, the longest waiting first, with who sent it', async () => {
    const first = await report(afiliado, 'El teléfono ya no existe');
    const second = await report(otherAfiliado, 'Se mudó de consultorio');
    const { rows, rowCount } = await queue();
    expect(rowCount).toBe(2);
    expect(rows.map((r) => r.id)).toEqual([first, second]);
    expect(rows[0]).toMatchObject({
      profesional: { id: dentist.id, nombre: 'Dr. Tomás Ríos' },
      motivo: 'El teléfono ya no existe',
      afiliado: { nombre: 'Marta Gil' },
      estado: 'abierto',
      cerradoAt: null,
      nota: null,
    });
    expect((await queue(`&profesionalId=${dentist.id}`)).rowCount).toBe(2);
    expect((await queue('&profesionalId=999999')).rowCount).toBe(0);
  });

  it('closes a report with a note the affiliate reads, audited; it can be opened again', async () => {
    const [open] = (await queue()).rows;
    const closed = await t.inject('PUT', `/api/reportes/${open!.id}`, t.staff, {
      estado: 'cerrado',
      nota: 'Se actualizó el teléfono con el profesional.',
    });
    expect(closed.statusCode, closed.body).toBe(204);

    expect((await queue()).rows.map((r) => r.id)).not.toContain(open!.id);
    const [done] = (await queue('&estado=cerrado')).rows;
    expect(done).toMatchObject({
      id: open!.id,
      estado: 'cerrado',
      nota: 'Se actualizó el teléfono con el profesional.',
    });
    expect(done!.cerradoAt).not.toBeNull();
    expect(done!.cerradoPor).toMatch(/@/);

    // The affiliate sees the outcome, never who handled it; another affiliate sees only their own.
    const [mineNow] = await mine(afiliado);
    expect(mineNow).toEqual({
      id: open!.id,
      profesional: { id: dentist.id, nombre: 'Dr. Tomás Ríos' },
      motivo: 'El teléfono ya no existe',
      createdAt: expect.any(String),
      estado: 'cerrado',
      cerradoAt: expect.any(String),
      nota: 'Se actualizó el teléfono con el profesional.',
    });
    expect((await mine(otherAfiliado)).map((r) => r.estado)).toEqual(['abierto']);

    const [audit] = await queryRows<{ entity_id: string; details: Record<string, unknown> }>(
      t.db,
      sql`select entity_id, details from audit_log where details ? 'reporteCerrado' order by id desc limit 1`,
    );
    expect(audit).toEqual({
      entity_id: String(dentist.id),
      details: { reporteCerrado: open!.id, nota: 'Se actualizó el teléfono con el profesional.' },
    });

    expect(
      (await t.inject('PUT', `/api/reportes/${open!.id}`, t.staff, { estado: 'abierto' })).statusCode,
    ).toBe(204);
    expect((await mine(afiliado))[0]!.estado).toBe('abierto');
    expect((await queue()).rowCount).toBe(2);
  });

  it('says a report does not exist, and refuses a state it does not know, in Spanish', async () => {
    const missing = await t.inject('PUT', '/api/reportes/999999', t.staff, { estado: 'cerrado' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(MESSAGES.reportes.REPORTE_NOT_FOUND);
    const bad = await t.inject('PUT', '/api/reportes/1', t.staff, { estado: 'resuelto' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ estado: 'El estado debe ser abierto o cerrado.' });
    const long = await t.inject('PUT', '/api/reportes/1', t.staff, {
      estado: 'cerrado',
      nota: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect((await t.inject('GET', '/api/reportes?estado=pendiente', t.staff)).statusCode).toBe(400);
  });

  it('shows who sent a report only to holders of AFILIADOS.GET, and tells the affiliate they saw it', async () => {
    const reads = () =>
      queryRows<{ actor_label: string; afiliado_ids: number[]; details: { reportes: number[] } }>(
        t.db,
        sql`select actor_label, afiliado_ids, details from audit_log
            where action = 'read' and entity = 'afiliado' and afiliado_ids @> ${`{${marta.id}}`}::integer[] order by id`,
      );
    const before = (await reads()).length;

    // A role that keeps the directory but may not look affiliates up.
    const role = await t.inject('POST', '/api/roles', t.admin, {
      name: `CARTILLA ${Date.now()}`,
      permissions: ['PROFESSIONALS.GET', 'PROFESSIONALS.UPDATE', 'BACKOFFICE_ACCESS'],
    });
    expect(role.statusCode, role.body).toBe(201);
    const keeper = await createUserWithRoles(t.app, t.admin, [role.json().name]);
    const keeperAuth = await loginAs(t.app, keeper.email, keeper.password);
    for (const url of [
      '/api/reportes?pageIndex=0&pageSize=50',
      `/api/profesionales/${dentist.id}/reportes`,
    ]) {
      const res = await t.inject('GET', url, keeperAuth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(marta.documento);
      expect(res.body).not.toContain('Marta Gil');
    }
    const page = queuePage.parse(
      (await t.inject('GET', '/api/reportes?pageIndex=0&pageSize=50', keeperAuth)).json(),
    );
    expect(page.rows.map((r) => r.afiliado)).toContainEqual({ iniciales: 'M. G.' });
    const panel = z
      .array(reporteSchema)
      .parse((await t.inject('GET', `/api/profesionales/${dentist.id}/reportes`, keeperAuth)).json());
    expect(panel.map((r) => r.afiliado)).toContainEqual({ iniciales: 'M. G.' });
    expect((await reads()).length).toBe(before);

    // Staff who see the document leave a row for each look, in the queue and on the provider's page.
    const [first] = (await queue()).rows.filter((r) => r.afiliado && 'documento' in r.afiliado);
    expect(first!.afiliado).toEqual({ nombre: 'Marta Gil', documento: marta.documento });
    const fromPanel = z
      .array(reporteSchema)
      .parse((await t.inject('GET', `/api/profesionales/${dentist.id}/reportes`, t.staff)).json());
    expect(fromPanel.map((r) => r.afiliado)).toContainEqual({
      nombre: 'Marta Gil',
      documento: marta.documento,
    });
    const after = (await reads()).slice(before);
    expect(after).toHaveLength(2);
    expect(after[0]!.details.reportes).toContain(first!.id);

    const accesos = await t.inject('GET', '/api/afiliados/profile/accesos?pageIndex=0&pageSize=50', afiliado);
    const tipos = paginatedSchema(accesoRowSchema)
      .parse(accesos.json())
      .rows.map((r) => r.tipo);
    expect(tipos.slice(0, 2)).toEqual(['ficha', 'ficha']);
  });

  it('keeps the queue for staff and each affiliate to their own', async () => {
    expect((await t.inject('GET', '/api/reportes', dentistAuth)).statusCode).toBe(403);
    expect((await t.inject('PUT', '/api/reportes/1', dentistAuth, { estado: 'cerrado' })).statusCode).toBe(
      403,
    );
    expect((await t.inject('GET', '/api/reportes', afiliado)).statusCode).toBe(403);
    expect((await t.inject('GET', '/api/reportes/mios', t.staff)).statusCode).toBe(403);
    expect((await t.inject('GET', '/api/reportes/mios')).statusCode).toBe(401);
  });
});
