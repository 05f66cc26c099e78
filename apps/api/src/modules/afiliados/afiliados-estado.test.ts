import { MESSAGES } from '@red-dental/contracts';
import { uniqueDocumento } from '@red-dental/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, multipart, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createAfiliado } from './afiliados.factories.ts';

describe.each(BACKENDS)('the affiliate list by state, with contact data (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentist: Record<string, string>;

  beforeAll(async () => {
    dentist = await signInWithRole(t.app, t.admin, 'PRESTADOR');
  });

  const names = (res: { json(): { rows: { nombre: string }[] } }) => res.json().rows.map((r) => r.nombre);

  it('lists the active affiliates or those de baja, by insurer and by search too', async () => {
    const os = await createObraSocial(t.app, t.staff);
    const stamp = Date.now() % 100_000;
    const activa = await createAfiliado(t.app, t.staff, os.id, { nombre: `Estado Activa ${stamp}` });
    const baja = await createAfiliado(t.app, t.staff, os.id, { nombre: `Estado Baja ${stamp}` });
    expect((await t.inject('DELETE', `/api/afiliados/${baja.id}`, t.staff)).statusCode).toBe(204);
    const page = (query: string) =>
      t.inject('GET', `/api/afiliados/paginated?obraSocialId=${os.id}&pageSize=50${query}`, t.staff);

    expect(names(await page(''))).toEqual([activa.nombre, baja.nombre]);
    expect(names(await page('&estado=activos'))).toEqual([activa.nombre]);
    expect(names(await page('&estado=baja'))).toEqual([baja.nombre]);
    expect((await page('&estado=baja')).json().rowCount).toBe(1);
    // An empty select is no filter.
    expect(names(await page('&estado='))).toEqual([activa.nombre, baja.nombre]);
    // With a name or a document search as well.
    expect(names(await page(`&search=estado ${stamp}&estado=baja`))).toEqual([baja.nombre]);
    expect(names(await page(`&search=${activa.documento}&estado=baja`))).toEqual([]);
    expect(names(await page(`&search=${activa.documento}&estado=activos`))).toEqual([activa.nombre]);
    // Without an insurer, and through the capped list.
    const all = await t.inject('GET', '/api/afiliados/paginated?estado=baja&pageSize=50', t.staff);
    expect(all.json().rows.every((r: { fechaBaja: string | null }) => r.fechaBaja !== null)).toBe(true);
    const list = await t.inject('GET', `/api/afiliados?obraSocialId=${os.id}&estado=activos`, t.staff);
    expect(list.json().map((r: { nombre: string }) => r.nombre)).toEqual([activa.nombre]);
  });

  it('exports what the list shows: the state filter goes into the file', async () => {
    const os = await createObraSocial(t.app, t.staff);
    const stamp = Date.now() % 100_000;
    const activa = await createAfiliado(t.app, t.staff, os.id, { nombre: `Exporta Activa ${stamp}` });
    const baja = await createAfiliado(t.app, t.staff, os.id, { nombre: `Exporta Baja ${stamp}` });
    expect((await t.inject('DELETE', `/api/afiliados/${baja.id}`, t.staff)).statusCode).toBe(204);
    const file = async (estado: string) => {
      const res = await t.inject(
        'GET',
        `/api/afiliados/export?obraSocialId=${os.id}&formato=csv${estado}`,
        t.staff,
      );
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const deBaja = await file('&estado=baja');
    expect(deBaja).toContain(baja.nombre);
    expect(deBaja).not.toContain(activa.nombre);
    const activos = await file('&estado=activos');
    expect(activos).toContain(activa.nombre);
    expect(activos).not.toContain(baja.nombre);
    expect(await file('')).toContain(activa.nombre);
    const bad = await t.inject('GET', `/api/afiliados/export?estado=todos`, t.staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain(MESSAGES.afiliados.ESTADO_INVALID);
  });

  it('refuses an unknown state in Spanish', async () => {
    for (const url of ['/api/afiliados/paginated?estado=inactivos', '/api/afiliados?estado=todos']) {
      const res = await t.inject('GET', url, t.staff);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(MESSAGES.afiliados.ESTADO_INVALID);
    }
  });

  it('gives staff each affiliate’s e-mail and phone, and a coverage check neither', async () => {
    const os = await createObraSocial(t.app, t.staff);
    const documento = uniqueDocumento();
    const csv = `nombre,documento,email,telefono\nContacto Visible,${documento},Contacto@Example.com,011 4555-1234\n`;
    const body = multipart({ obraSocialId: String(os.id) }, { name: 'contactos.csv', content: csv });
    const loaded = await t.app.inject({
      method: 'POST',
      url: '/api/afiliados/import-csv',
      headers: { ...t.staff, ...body.headers },
      payload: body.payload,
    });
    expect(loaded.statusCode).toBe(201);
    const sinContacto = await createAfiliado(t.app, t.staff, os.id);

    const page = await t.inject('GET', `/api/afiliados/paginated?obraSocialId=${os.id}`, t.staff);
    const byDocumento = new Map(page.json().rows.map((r: { documento: string }) => [r.documento, r]));
    expect(byDocumento.get(documento)).toMatchObject({
      email: 'contacto@example.com',
      telefono: '011 4555-1234',
    });
    expect(byDocumento.get(sinContacto.documento)).toMatchObject({ email: null, telefono: null });

    const check = await t.inject('GET', `/api/afiliados/paginated?search=${documento}`, dentist);
    expect(check.json().rows).toHaveLength(1);
    expect(check.json().rows[0]).not.toHaveProperty('email');
    expect(check.json().rows[0]).not.toHaveProperty('telefono');
  });
});
