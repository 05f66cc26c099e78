import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { afiliadoAuth, createAfiliado } from '../afiliados/afiliados.factories.ts';
import { createObraSocial } from './obras-sociales.factories.ts';

describe.each(BACKENDS)('obras sociales (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentist: Record<string, string>;

  beforeAll(async () => {
    dentist = await signInWithRole(t.app, t.admin, 'PRESTADOR');
  });

  it('creates an insurer (201), dropping blank phones and mails', async () => {
    const res = await t.inject('POST', '/api/obra-sociales', t.staff, {
      nombre: '  OSDE Binario ',
      telefono: ['011 4444-5555', '', '0800 555 1234'],
      mail: ['Info@OSDE.test', ''],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      nombre: 'OSDE Binario',
      telefono: ['011 4444-5555', '0800 555 1234'],
      mail: ['info@osde.test'],
      afiliadoCount: 0,
    });
  });

  it('refuses a duplicate name regardless of case with 409', async () => {
    await createObraSocial(t.app, t.staff, { nombre: 'Swiss Medical Prueba' });
    const res = await t.inject('POST', '/api/obra-sociales', t.staff, {
      nombre: 'SWISS MEDICAL prueba',
      telefono: [],
      mail: [],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Ya existe una obra social con ese nombre', code: 'CONFLICTO' });
  });

  it('validates the name and every mail in Spanish', async () => {
    const noName = await t.inject('POST', '/api/obra-sociales', t.staff, {
      nombre: ' ',
      telefono: [],
      mail: [],
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toEqual({ nombre: 'El nombre es obligatorio' });
    const badMail = await t.inject('POST', '/api/obra-sociales', t.staff, {
      nombre: 'Con mail malo',
      telefono: ['011 4000-1000'],
      mail: ['ok@obra.test', 'no-es-un-mail'],
    });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json()).toMatchObject({ error: 'Email inválido', fields: { 'mail.1': 'Email inválido' } });
  });

  it('refuses a phone that is not one, on create and edit, saying which and how to write it', async () => {
    const invalid =
      'El teléfono no es válido: use solo números, espacios, guiones o paréntesis (por ejemplo, 011 4321-5678)';
    const created = await t.inject('POST', '/api/obra-sociales', t.staff, {
      nombre: 'Teléfono Raro Salud',
      telefono: ['0800-222-4662 int. 12', 'preguntar por Marta'],
      mail: [],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ error: invalid, fields: { 'telefono.1': invalid } });
    const os = await createObraSocial(t.app, t.staff, { nombre: 'Teléfono Bien Salud' });
    const edited = await t.inject('PUT', `/api/obra-sociales/${os.id}`, t.staff, {
      nombre: 'Teléfono Bien Salud',
      telefono: ['4321'],
      mail: [],
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().fields).toEqual({ 'telefono.0': invalid });
    const list = await t.inject('GET', '/api/obra-sociales', t.staff);
    expect(list.json().find((o: { id: number }) => o.id === os.id).telefono).toEqual(['011 4000-0000']);
    const fine = await t.inject('PUT', `/api/obra-sociales/${os.id}`, t.staff, {
      nombre: 'Teléfono Bien Salud',
      telefono: ['+54 9 11 5834-2290', '(0341) 456-7890'],
      mail: [],
    });
    expect(fine.statusCode).toBe(200);
    expect(fine.json().telefono).toEqual(['+54 9 11 5834-2290', '(0341) 456-7890']);
  });

  it('lists insurers with their affiliate counts, and a short list sorted by name', async () => {
    const a = await createObraSocial(t.app, t.staff, {
      nombre: 'Zeta Salud',
      mail: ['contacto@zeta.example'],
    });
    const b = await createObraSocial(t.app, t.staff, { nombre: 'alfa salud' });
    await createAfiliado(t.app, t.staff, a.id);
    await createAfiliado(t.app, t.staff, a.id);
    await createAfiliado(t.app, t.staff, b.id);

    const full = await t.inject('GET', '/api/obra-sociales', t.staff);
    expect(full.statusCode).toBe(200);
    const byId = new Map(full.json().map((o: { id: number }) => [o.id, o]));
    expect(byId.get(a.id)).toMatchObject({
      nombre: 'Zeta Salud',
      afiliadoCount: 2,
      mail: ['contacto@zeta.example'],
    });
    expect(byId.get(b.id)).toMatchObject({ afiliadoCount: 1 });

    const short = await t.inject('GET', '/api/obra-sociales/list', dentist);
    expect(short.statusCode).toBe(200);
    const names = short.json().map((o: { nombre: string }) => o.nombre.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(short.json()[0]).toEqual({ id: expect.any(Number), nombre: expect.any(String) });
  });

  it('updates an insurer (200) and answers 404 and 409 where due', async () => {
    const os = await createObraSocial(t.app, t.staff, { nombre: 'Antes Salud' });
    await createObraSocial(t.app, t.staff, { nombre: 'Ocupado Salud' });
    const res = await t.inject('PUT', `/api/obra-sociales/${os.id}`, t.staff, {
      nombre: 'Después Salud',
      telefono: ['011 4321-0000'],
      mail: ['nuevo@obra.test'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: os.id,
      nombre: 'Después Salud',
      telefono: ['011 4321-0000'],
      mail: ['nuevo@obra.test'],
      afiliadoCount: 0,
    });
    const missing = await t.inject('PUT', '/api/obra-sociales/999999', t.staff, {
      nombre: 'X',
      telefono: [],
      mail: [],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('La obra social no existe');
    const dup = await t.inject('PUT', `/api/obra-sociales/${os.id}`, t.staff, {
      nombre: 'ocupado salud',
      telefono: [],
      mail: [],
    });
    expect(dup.statusCode).toBe(409);
  });

  it('deletes an insurer (204): its affiliates stay, with no insurer', async () => {
    const os = await createObraSocial(t.app, t.staff);
    const afiliado = await createAfiliado(t.app, t.staff, os.id);
    const res = await t.inject('DELETE', `/api/obra-sociales/${os.id}`, t.admin);
    expect(res.statusCode).toBe(204);
    const after = await t.inject('GET', `/api/afiliados/${afiliado.id}`, t.staff);
    expect(after.statusCode).toBe(200);
    expect(after.json().obraSocial).toBeNull();
    const again = await t.inject('DELETE', `/api/obra-sociales/${os.id}`, t.admin);
    expect(again.statusCode).toBe(404);
  });

  it('guards every endpoint: 401 without a token, 403 without the permission or with an affiliate token', async () => {
    const os = await createObraSocial(t.app, t.staff);
    const afiliado = await createAfiliado(t.app, t.staff, os.id);
    const member = await afiliadoAuth(t.app, afiliado.id);
    const body = { nombre: 'Nueva', telefono: [], mail: [] };

    for (const [method, url] of [
      ['GET', '/api/obra-sociales'],
      ['GET', '/api/obra-sociales/list'],
      ['POST', '/api/obra-sociales'],
      ['PUT', `/api/obra-sociales/${os.id}`],
      ['DELETE', `/api/obra-sociales/${os.id}`],
    ] as const) {
      expect((await t.inject(method, url, {}, method === 'GET' ? undefined : body)).statusCode).toBe(401);
      expect((await t.inject(method, url, member, method === 'GET' ? undefined : body)).statusCode).toBe(403);
    }
    // Guards run before validation: no permission is 403 even with an invalid body.
    expect((await t.inject('GET', '/api/obra-sociales', dentist)).statusCode).toBe(403);
    expect((await t.inject('POST', '/api/obra-sociales', dentist, {})).statusCode).toBe(403);
    expect((await t.inject('PUT', `/api/obra-sociales/${os.id}`, dentist, {})).statusCode).toBe(403);
    // ADMINISTRATIVO may not delete insurers (docs/architecture.md, "Permissions").
    expect((await t.inject('DELETE', `/api/obra-sociales/${os.id}`, t.staff)).statusCode).toBe(403);
  });
});
