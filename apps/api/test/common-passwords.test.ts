import { buildRegistroInput, readMails } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import { createUserWithRoles } from '../src/modules/usuarios/usuarios.factories.ts';
import { ADMIN, BACKENDS, loginAs, randomAddress, uniqueEmail, useTestApp } from './helpers.ts';

const COMMON = 'Esa contraseña es demasiado común. Elija otra más difícil de adivinar.';

/** Every place a password is set refuses one from the list of common passwords, and writes nothing. */
describe.each(BACKENDS)('common passwords (%s)', (backend) => {
  const t = useTestApp(backend);

  const call = (method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers, remoteAddress: randomAddress() });

  const expectRefused = (res: Awaited<ReturnType<typeof call>>, field: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: COMMON, code: 'VALIDACION', fields: { [field]: COMMON } });
  };

  const usersNamed = async (email: string) =>
    (
      await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users where email = ${email}`)
    )[0]!.n;

  /** The mails written to DATA_DIR/mail for one recipient. */
  async function mailsTo(email: string) {
    await t.app.mail.drain();
    return (await readMails(t.config.dataDir)).filter((m) => m.to === email);
  }

  const canSignIn = async (email: string, pass: string) =>
    (await call('POST', '/api/user/login', { user: email, pass })).statusCode === 200;

  it('registration: no request, no provider record, no mail', async () => {
    const body = buildRegistroInput({ password: 'password123' });
    expectRefused(await call('POST', '/api/registro', body), 'password');
    expect(await usersNamed(body.email)).toBe(0);
    expect(await mailsTo(body.email)).toEqual([]);
    // Whatever its case, and with a password off the list the same form goes through.
    expectRefused(await call('POST', '/api/registro', { ...body, password: 'QwertyUIOP' }), 'password');
    expect((await call('POST', '/api/registro', { ...body, password: 'Torre-Molinete-47' })).statusCode).toBe(
      201,
    );
  });

  it('password restore: the password stays, and the link still works for a better one', async () => {
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    expect((await call('POST', '/api/user/recover-password', { email: user.email })).statusCode).toBe(200);
    const [link] = await mailsTo(user.email);
    const token = /\/recover-password\/([\w-]+)/.exec(link?.text ?? '')![1]!;

    expectRefused(
      await call('PUT', '/api/user/restore-password', { id: token, password: 'qwertyuiop' }),
      'password',
    );
    expect(await canSignIn(user.email, user.password)).toBe(true);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(
      (await call('PUT', '/api/user/restore-password', { id: token, password: 'Torre-Molinete-47' }))
        .statusCode,
    ).toBe(200);
  });

  it('changing the own password: the current one stays and the session goes on', async () => {
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    const session = await loginAs(t.app, user.email, user.password);
    expectRefused(
      await call(
        'PUT',
        '/api/user/change-password',
        { currentPassword: user.password, password: 'password123' },
        session,
      ),
      'password',
    );
    expect(await canSignIn(user.email, user.password)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: session })).statusCode).toBe(
      200,
    );
    expect(await mailsTo(user.email)).toEqual([]);
    // The own account through PUT /api/user/{id} too (it takes USERS.UPDATE: the administrator's).
    const admin = (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.admin })).json();
    expectRefused(
      await call(
        'PUT',
        `/api/user/${admin.id}`,
        { currentPassword: ADMIN.password, pass: 'qwertyuiop' },
        t.admin,
      ),
      'pass',
    );
    expect(await canSignIn(ADMIN.email, ADMIN.password)).toBe(true);
  });

  it('staff creating an account, or an account setting its own through PUT /api/user/{id}', async () => {
    const email = uniqueEmail('comun');
    expectRefused(
      await call(
        'POST',
        '/api/user',
        { user: email, pass: 'password123', roles: ['ADMINISTRATIVO'] },
        t.admin,
      ),
      'pass',
    );
    expect(await usersNamed(email)).toBe(0);

    // Nobody sets another person's password at all; the owner is held to the same list.
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRADOR']);
    const own = await loginAs(t.app, user.email, user.password);
    expectRefused(
      await call('PUT', `/api/user/${user.id}`, { pass: 'Password123', currentPassword: user.password }, own),
      'pass',
    );
    expect(await canSignIn(user.email, user.password)).toBe(true);
    expect(await mailsTo(user.email)).toEqual([]);
  });
});

describe('ADMIN_PASSWORD', () => {
  it('stops start-up with one line when it is a common password; the demo default still works', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Password123' })).toThrow(
      'Configuración inválida: ADMIN_PASSWORD es una contraseña demasiado común: elija otra más difícil de adivinar',
    );
    expect(loadConfig({ ADMIN_PASSWORD: 'Torre-Molinete-47' }).admin.password).toBe('Torre-Molinete-47');
    expect(loadConfig({}).admin).toMatchObject({ password: 'RedDental2025!', isDefault: true });
    expect(loadConfig({ ADMIN_PASSWORD: 'RedDental2025!' }).admin.password).toBe('RedDental2025!');
  });
});
