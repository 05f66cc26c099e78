import { MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createAfiliado } from './afiliados.factories.ts';

describe.each(BACKENDS)('affiliate sign-in with AFFILIATE_LOGIN_BIRTHDATE (%s)', (backend) => {
  const t = useTestApp(backend, { env: { AFFILIATE_LOGIN_BIRTHDATE: 'true' } });
  let documento: string;
  const login = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/afiliados/login', payload: body });

  beforeAll(async () => {
    const os = await createObraSocial(t.app, t.admin);
    ({ documento } = await createAfiliado(t.app, t.admin, os.id, { fecha_nacimiento: '1985-04-12' }));
  });

  it('asks for the birth date beside the document, and both must match', async () => {
    const without = await login({ documento });
    expect(without.statusCode).toBe(400);
    expect(without.json().fields).toEqual({ fecha_nacimiento: MESSAGES.AFFILIATE_BIRTHDATE_REQUIRED });

    // A wrong date gets the same answer as an unknown document.
    for (const body of [
      { documento, fecha_nacimiento: '1985-04-13' },
      { documento: '99999999', fecha_nacimiento: '1985-04-12' },
    ]) {
      const res = await login(body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MESSAGES.AFFILIATE_LOGIN_FAILED, code: 'NO_AUTENTICADO' });
    }
    const ok = await login({ documento, fecha_nacimiento: '1985-04-12' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));
  });

  it('shows a session opened with the birth date the contact data whole', async () => {
    const token = (await login({ documento, fecha_nacimiento: '1985-04-12' })).json().token;
    await t.db.execute(
      sql`update afiliados set email = 'completo@example.com', telefono = '11 4800-2290' where documento = ${documento}`,
    );
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/afiliados/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json()).toMatchObject({
      email: 'completo@example.com',
      telefono: '11 4800-2290',
      contactoOculto: false,
    });
  });

  it("keeps the portal's second factor out of a dentist's coverage check", async () => {
    const dentist = await signInWithRole(t.app, t.admin, 'PRESTADOR');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/afiliados/paginated?pageIndex=0&pageSize=10&search=${documento}`,
      headers: dentist,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([expect.objectContaining({ documento, fecha_nacimiento: null })]);
    // Staff still see it.
    const staffView = await t.app.inject({
      method: 'GET',
      url: `/api/afiliados/paginated?pageIndex=0&pageSize=10&search=${documento}`,
      headers: t.admin,
    });
    expect(staffView.json().rows[0].fecha_nacimiento).toBe('1985-04-12');
  });

  it('counts wrong dates against the document like any failed sign-in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await login({ documento, fecha_nacimiento: '2000-01-01' })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Still locked for the right date until the window passes.
    expect((await login({ documento, fecha_nacimiento: '1985-04-12' })).statusCode).toBe(429);
  });
});

describe('affiliate sign-in without the option (the spec: the document alone)', () => {
  const t = useTestApp('pglite');

  it('signs in with the document and ignores a birth date sent with it', async () => {
    const os = await createObraSocial(t.app, t.admin);
    const { documento } = await createAfiliado(t.app, t.admin, os.id, { fecha_nacimiento: '1985-04-12' });
    for (const body of [{ documento }, { documento, fecha_nacimiento: '1970-01-01' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/afiliados/login', payload: body });
      expect(res.statusCode).toBe(200);
    }
  });
});
