import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import { readMails, TEST_PASSWORD } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  BACKENDS,
  loginAs,
  randomAddress,
  type TestContext,
  uniqueEmail,
  useTestApp,
} from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';
import { codeOf, createWithSecondFactor } from './acceso-2fa.factories.ts';

const M = MESSAGES.acceso;

function suite(ctxOf: () => TestContext) {
  const post = (url: string, payload: unknown, address = randomAddress()) =>
    ctxOf().app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: address });
  const challenge = async (user: { email: string; password: string }, address = randomAddress()) => {
    const res = await post('/api/user/login', { user: user.email, pass: user.password }, address);
    expect(res.json().segundoFactor).toBeDefined();
    return res.json().desafio as string;
  };
  return { post, challenge };
}

describe.each(BACKENDS)('the second factor, turned on and used (%s)', (backend) => {
  const t = useTestApp(backend);
  const { post, challenge } = suite(() => t);

  const withSecondFactor = () => createWithSecondFactor(t.app, t.admin);

  it('asks for the current password to turn it on', async () => {
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    const session = await loginAs(t.app, user.email, user.password);
    const setup = (await t.inject('POST', '/api/user/2fa/configurar', session)).json();
    const missing = await t.inject('POST', '/api/user/2fa/activar', session, {
      codigo: codeOf(setup.secret),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ currentPassword: MESSAGES.CURRENT_PASSWORD_REQUIRED });
    const wrong = await t.inject('POST', '/api/user/2fa/activar', session, {
      codigo: codeOf(setup.secret),
      currentPassword: 'no-es-la-clave',
    });
    expect(wrong.json().fields).toEqual({ currentPassword: MESSAGES.CURRENT_PASSWORD_WRONG });
    expect((await t.inject('GET', '/api/user/2fa', session)).json().activo).toBe(false);
  });

  it('spends a challenge with its first successful use', async () => {
    const user = await withSecondFactor();
    const desafio = await challenge(user);
    expect(
      (await post('/api/user/login/codigo', { desafio, codigo: codeOf(user.secret, 1) })).statusCode,
    ).toBe(200);
    const again = await post('/api/user/login/codigo', { desafio, codigo: codeOf(user.secret, 2) });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(M.CHALLENGE_EXPIRED);
  });

  it('caps wrong codes for the account from every address, tells the owner once, and lets them in after', async () => {
    const user = await withSecondFactor();
    // Twenty addresses, each with its own challenge and one wrong code: the pair limits never trip.
    const challenges = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const address = randomAddress();
        return { address, desafio: await challenge(user, address) };
      }),
    );
    const wrong = await Promise.all(
      challenges.map(({ address, desafio }) =>
        post('/api/user/login/codigo', { desafio, codigo: '000000' }, address),
      ),
    );
    expect(wrong.map((r) => r.statusCode)).toEqual(Array(20).fill(400));

    // The 21st code, from yet another address, is refused for the account, even the right one.
    for (const codigo of ['000000', codeOf(user.secret, 1)]) {
      const address = randomAddress();
      const locked = await post(
        '/api/user/login/codigo',
        { desafio: await challenge(user, address), codigo },
        address,
      );
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toBe(M.CODES_LOCKED);
      expect(locked.headers['retry-after']).toEqual(expect.any(String));
    }
    await t.app.mail.drain();
    const warnings = (await readMails(t.config.dataDir)).filter(
      (m) => m.to === user.email && m.subject === 'Red Dental: intentos de ingreso a su cuenta',
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).not.toMatch(/\d{6}/);

    // The window passes: the owner's password gives a fresh challenge, and the right code signs in.
    await t.app.db.execute(
      sql`update rate_limits set expires_at = now() - interval '1 second' where key like 'fail:segundo-factor:%'`,
    );
    const signedIn = await post('/api/user/login/codigo', {
      desafio: await challenge(user),
      codigo: codeOf(user.secret, 1),
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('puts every sign-in step on the record of the account tried, never the password or the code', async () => {
    const user = await withSecondFactor();
    const address = randomAddress();
    const since = (
      await queryRows<{ id: number }>(t.app.db, sql`select coalesce(max(id), 0) as id from audit_log`)
    )[0]!.id;
    await post('/api/user/login', { user: user.email, pass: 'Clave-Equivocada-1' }, address);
    const desafio = await challenge(user, address);
    await post('/api/user/login/codigo', { desafio, codigo: '000000' }, address);
    await post('/api/user/login/codigo', { desafio, codigo: codeOf(user.secret, 1) }, address);
    // Eleven wrong passwords from one address: the eleventh is refused for too many.
    for (let i = 0; i < 11; i++)
      await post('/api/user/login', { user: user.email, pass: `Equivocada-${i}` }, '10.9.9.9');
    await post('/api/user/login', { user: uniqueEmail('nadie'), pass: 'Cualquiera-1' }, address);

    const rows = await queryRows<{
      action: string;
      actor_user_id: number | null;
      address: string;
      details: Record<string, unknown> | null;
    }>(
      t.app.db,
      sql`select action, actor_user_id, address, details from audit_log where id > ${since} and entity = 'user' order by id`,
    );
    const ofUser = rows.filter((r) => r.actor_user_id === user.id);
    expect(ofUser.map((r) => r.action)).toEqual([
      'login_failed',
      'second_factor_failed',
      'login',
      ...Array(10).fill('login_failed'),
      'login_blocked',
    ]);
    expect(ofUser[0]).toMatchObject({ address, details: { paso: 'contraseña' } });
    expect(ofUser.at(-1)).toMatchObject({ address: '10.9.9.9' });
    expect(JSON.stringify(rows)).not.toMatch(/Equivocada|000000/);

    // The audit screen filters them by what happened.
    const listed = await t.inject('GET', `/api/auditoria?accion=login_failed&pageSize=100`, t.admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().rows.length).toBeGreaterThanOrEqual(11);
  });

  it('puts a recovery code spent on the record', async () => {
    const user = await withSecondFactor();
    const used = await post('/api/user/login/codigo', {
      desafio: await challenge(user),
      codigo: user.recoveryCodes[0],
    });
    expect(used.statusCode).toBe(200);
    const [row] = await queryRows<{ details: Record<string, unknown> }>(
      t.app.db,
      sql`select details from audit_log where action = 'recovery_code' and actor_user_id = ${user.id}`,
    );
    expect(row!.details).toEqual({ restantes: 9 });
  });
});

describe.each(BACKENDS)('compulsory two-factor, on every request (%s)', (backend) => {
  const t = useTestApp(backend, { env: { REQUIRE_STAFF_2FA: 'true' }, admin: false });
  let admin: Record<string, string>;
  const { post } = suite(() => t);

  beforeAll(async () => {
    const first = (await post('/api/user/login', { user: ADMIN.email, pass: ADMIN.password })).json();
    const setup = (await post('/api/user/login/configurar', { desafio: first.desafio })).json();
    const done = await post('/api/user/login/activar', {
      desafio: first.desafio,
      codigo: codeOf(setup.secret),
    });
    admin = { authorization: `Bearer ${done.json().token}` };
  });

  it('holds a session opened without a second factor to setting one up once its account needs it', async () => {
    const role = await t.inject('POST', '/api/roles', admin, {
      name: 'CONSULTA',
      permissions: ['BACKOFFICE_ACCESS', 'AFILIADOS.GET'],
    });
    const user = await createUserWithRoles(t.app, admin, ['CONSULTA']);
    const session = await loginAs(t.app, user.email, user.password);
    expect((await t.inject('GET', '/api/obra-sociales/list', session)).statusCode).toBe(200);

    // The role now reads the audit log: the session reaches only its own account until it has a second factor.
    await t.inject('PUT', `/api/roles/${role.json().id}`, admin, {
      name: 'CONSULTA',
      permissions: ['BACKOFFICE_ACCESS', 'AFILIADOS.GET', 'AUDIT.GET'],
    });
    for (const url of ['/api/auditoria', '/api/obra-sociales/list']) {
      const held = await t.inject('GET', url, session);
      expect(held.statusCode, url).toBe(403);
      expect(held.json()).toEqual({
        error: M.SETUP_REQUIRED,
        code: ERROR_CODES.SECOND_FACTOR_REQUIRED,
      });
    }
    expect((await t.inject('GET', '/api/user/me', session)).statusCode).toBe(200);
    expect((await t.inject('GET', '/api/user/2fa', session)).json()).toMatchObject({
      activo: false,
      obligatorio: true,
    });
    const setup = (await t.inject('POST', '/api/user/2fa/configurar', session)).json();
    const on = await t.inject('POST', '/api/user/2fa/activar', session, {
      codigo: codeOf(setup.secret),
      currentPassword: user.password,
    });
    expect(on.statusCode).toBe(200);
    expect((await t.inject('GET', '/api/auditoria', session)).statusCode).toBe(200);
  });

  it('requires it of who reads the audit log or keeps the directory', async () => {
    for (const permissions of [['AUDIT.GET'], ['PROFESSIONALS.GET', 'PROFESSIONALS.UPDATE']]) {
      const name = `R ${permissions.join(' ').replace(/\./g, ' ')}`;
      await t.inject('POST', '/api/roles', admin, {
        name,
        permissions: ['BACKOFFICE_ACCESS', ...permissions],
      });
      const user = await createUserWithRoles(t.app, admin, [name.toUpperCase()]);
      const answer = (await post('/api/user/login', { user: user.email, pass: user.password })).json();
      expect(answer.segundoFactor, name).toBe('configurar');
    }
  });

  it('enrols an invitee on the invitation page, and that signs them in', async () => {
    const roles = (await t.inject('GET', '/api/roles', admin)).json() as { id: number; name: string }[];
    const email = uniqueEmail('invitada-2fa');
    await t.inject('POST', '/api/user/invitaciones', admin, {
      nombre: 'Lucía Ferreyra',
      email,
      roles: [roles.find((r) => r.name === 'ADMINISTRATIVO')!.id],
    });
    await t.app.mail.drain();
    const [mail] = (await readMails(t.config.dataDir)).filter((m) => m.to === email);
    const token = mail!.links.find((l) => l.includes('/invitacion/'))!.split('/invitacion/')[1]!;
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `/api/user/invitaciones/${token}`,
      payload: { password: TEST_PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      message: MESSAGES.usuarios.INVITATION_ACCEPTED_SECOND_FACTOR,
      segundoFactor: 'configurar',
      desafio: expect.any(String),
    });
    const { desafio } = accepted.json();
    const setup = (await post('/api/user/login/configurar', { desafio })).json();
    const done = await post('/api/user/login/activar', { desafio, codigo: codeOf(setup.secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.user).toBe(email);
    const session = { authorization: `Bearer ${done.json().token}` };
    expect(
      (await t.inject('GET', '/api/afiliados/paginated?pageIndex=0&pageSize=5', session)).statusCode,
    ).toBe(200);

    // A role the network does not require it of just chooses the password.
    const other = uniqueEmail('invitado-sin-2fa');
    await t.inject('POST', '/api/user/invitaciones', admin, {
      nombre: 'Tomás Rivas',
      email: other,
      roles: [roles.find((r) => r.name === 'PRESTADOR')!.id],
    });
    await t.app.mail.drain();
    const [second] = (await readMails(t.config.dataDir)).filter((m) => m.to === other);
    const plain = await t.app.inject({
      method: 'PUT',
      url: `/api/user/invitaciones/${second!.links.find((l) => l.includes('/invitacion/'))!.split('/invitacion/')[1]}`,
      payload: { password: TEST_PASSWORD },
    });
    expect(plain.json()).toEqual({ message: MESSAGES.usuarios.INVITATION_ACCEPTED });
  });
});
