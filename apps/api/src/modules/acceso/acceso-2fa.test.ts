import { MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, loginAs, randomAddress, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';
import { codeOf, createWithSecondFactor } from './acceso-2fa.factories.ts';

const M = MESSAGES.acceso;

describe.each(BACKENDS)('two-factor sign-in for staff (%s)', (backend) => {
  const t = useTestApp(backend);
  const post = (url: string, payload: unknown, address = randomAddress()) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: address });

  async function withSecondFactor() {
    const user = await createWithSecondFactor(t.app, t.admin);
    expect(user.setup.uri).toMatch(/^otpauth:\/\/totp\/Red%20Dental:/);
    expect(user.setup.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    return user;
  }

  it('turns on from the account with the first code, and shows 10 recovery codes once', async () => {
    const user = await withSecondFactor();
    expect(user.recoveryCodes).toHaveLength(10);
    expect(new Set(user.recoveryCodes).size).toBe(10);
    expect(user.recoveryCodes[0]).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await t.inject('GET', '/api/user/2fa', user.session)).json()).toEqual({
      activo: true,
      obligatorio: false,
      codigosRestantes: 10,
    });
    // Neither the secret nor the codes are stored as they are.
    const [row] = await queryRows<{ totp_secret: string }>(
      t.app.db,
      sql`select totp_secret from users where email = ${user.email}`,
    );
    expect(row!.totp_secret).not.toContain(user.secret);
    const hashes = await queryRows<{ code_hash: string }>(
      t.app.db,
      sql`select code_hash from user_recovery_codes c join users u on u.id = c.user_id where u.email = ${user.email}`,
    );
    expect(hashes.map((h) => h.code_hash)).not.toContain(user.recoveryCodes[0]!.replace('-', ''));
  });

  it('refuses a wrong first code and keeps the account as it was', async () => {
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    const session = await loginAs(t.app, user.email, user.password);
    const activate = (codigo: string) =>
      t.inject('POST', '/api/user/2fa/activar', session, { codigo, currentPassword: user.password });
    expect((await activate('123456')).json().error).toBe(M.NOT_SET_UP);
    const setup = (await t.inject('POST', '/api/user/2fa/configurar', session)).json();
    const wrong = await activate(codeOf(setup.secret, 5));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ codigo: M.CODE_WRONG });
    expect((await t.inject('GET', '/api/user/2fa', session)).json().activo).toBe(false);
    expect((await post('/api/user/login', { user: user.email, pass: user.password })).json().token).toEqual(
      expect.any(String),
    );
  });

  it('asks for the code after the password, and refuses a replayed code', async () => {
    const user = await withSecondFactor();
    const first = await post('/api/user/login', { user: user.email, pass: user.password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ segundoFactor: 'codigo', desafio: expect.any(String) });
    const { desafio } = first.json();
    // The challenge is not a session.
    expect((await t.inject('GET', '/api/user/me', { authorization: `Bearer ${desafio}` })).statusCode).toBe(
      401,
    );

    const code = codeOf(user.secret, 1);
    const signedIn = await post('/api/user/login/codigo', { desafio, codigo: code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.user).toBe(user.email);
    const auth = { authorization: `Bearer ${signedIn.json().token}` };
    expect((await t.inject('GET', '/api/user/me', auth)).statusCode).toBe(200);

    // The same code again (or an earlier one) is refused, even within its window.
    const again = await post('/api/user/login', { user: user.email, pass: user.password });
    const replay = await post('/api/user/login/codigo', { desafio: again.json().desafio, codigo: code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(M.CODE_WRONG);
    expect(
      (await post('/api/user/login/codigo', { desafio: again.json().desafio, codigo: codeOf(user.secret) }))
        .statusCode,
    ).toBe(400);
  });

  it('takes each recovery code once, instead of the app', async () => {
    const user = await withSecondFactor();
    const [code] = user.recoveryCodes;
    const challenge = async () =>
      (await post('/api/user/login', { user: user.email, pass: user.password })).json().desafio;
    const used = await post('/api/user/login/codigo', {
      desafio: await challenge(),
      codigo: code!.toLowerCase(),
    });
    expect(used.statusCode).toBe(200);
    expect((await t.inject('GET', '/api/user/2fa', user.session)).json().codigosRestantes).toBe(9);
    const twice = await post('/api/user/login/codigo', { desafio: await challenge(), codigo: code });
    expect(twice.statusCode).toBe(400);
  });

  it('lets a challenge take five codes, then asks for the password again', async () => {
    const user = await withSecondFactor();
    const address = randomAddress();
    const desafio = (await post('/api/user/login', { user: user.email, pass: user.password }, address)).json()
      .desafio;
    const answers: string[] = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (await post('/api/user/login/codigo', { desafio, codigo: '000000' }, address)).json().error,
      );
    expect(answers).toEqual([...Array(5).fill(M.CODE_WRONG), M.CHALLENGE_EXPIRED]);
    // Even the right code: the challenge is dead.
    const late = await post('/api/user/login/codigo', { desafio, codigo: codeOf(user.secret, 1) }, address);
    expect(late.json().error).toBe(M.CHALLENGE_EXPIRED);
  });

  it('keeps counting wrong codes across sign-ins: a right password does not clear them', async () => {
    const user = await withSecondFactor();
    const address = randomAddress();
    const challenge = async () =>
      (await post('/api/user/login', { user: user.email, pass: user.password }, address)).json().desafio;
    for (let round = 0; round < 2; round++) {
      const desafio = await challenge();
      for (let i = 0; i < 5; i++)
        await post('/api/user/login/codigo', { desafio, codigo: '000000' }, address);
    }
    const last = await post(
      '/api/user/login/codigo',
      { desafio: await challenge(), codigo: '000000' },
      address,
    );
    expect(last.statusCode).toBe(429);
  });

  it('refuses a stale or forged challenge, and one from before a password change', async () => {
    const user = await withSecondFactor();
    const forged = await post('/api/user/login/codigo', { desafio: 'a.b.c', codigo: codeOf(user.secret) });
    expect(forged.json().error).toBe(M.CHALLENGE_EXPIRED);
    const { desafio } = (await post('/api/user/login', { user: user.email, pass: user.password })).json();
    await t.inject('PUT', '/api/user/change-password', user.session, {
      currentPassword: user.password,
      password: 'Otra-Clave-Segura-26',
    });
    const stale = await post('/api/user/login/codigo', { desafio, codigo: codeOf(user.secret, 2) });
    expect(stale.json().error).toBe(M.CHALLENGE_EXPIRED);
  });

  it('turns off with the current password, unless the network requires it', async () => {
    const user = await withSecondFactor();
    const wrong = await t.inject('POST', '/api/user/2fa/desactivar', user.session, {
      currentPassword: 'no-es',
    });
    expect(wrong.json().fields).toEqual({ currentPassword: MESSAGES.CURRENT_PASSWORD_WRONG });
    const off = await t.inject('POST', '/api/user/2fa/desactivar', user.session, {
      currentPassword: user.password,
    });
    expect(off.json().message).toBe(M.DISABLED);
    expect((await post('/api/user/login', { user: user.email, pass: user.password })).json().token).toEqual(
      expect.any(String),
    );
  });
});

describe.each(BACKENDS)('REQUIRE_STAFF_2FA (%s)', (backend) => {
  const t = useTestApp(backend, { env: { REQUIRE_STAFF_2FA: 'true' }, admin: false });
  let admin: Record<string, string>;
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: randomAddress() });

  beforeAll(async () => {
    // The first administrator sets it up at the first sign-in, as everyone holding USERS.* must.
    const first = (await post('/api/user/login', { user: ADMIN.email, pass: ADMIN.password })).json();
    expect(first.segundoFactor).toBe('configurar');
    const setup = (await post('/api/user/login/configurar', { desafio: first.desafio })).json();
    const done = await post('/api/user/login/activar', {
      desafio: first.desafio,
      codigo: codeOf(setup.secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    admin = { authorization: `Bearer ${done.json().token}` };
  });

  it('makes holders of USERS.* or AFILIADOS.CREATE set it up at their next sign-in, and not a dentist-like role', async () => {
    const staff = await createUserWithRoles(t.app, admin, ['ADMINISTRATIVO']);
    const answer = (await post('/api/user/login', { user: staff.email, pass: staff.password })).json();
    expect(answer).toEqual({ segundoFactor: 'configurar', desafio: expect.any(String) });
    // Until it is set up, the code step has nothing to check.
    expect(
      (await post('/api/user/login/codigo', { desafio: answer.desafio, codigo: '123456' })).statusCode,
    ).toBe(400);

    const prestador = await createUserWithRoles(t.app, admin, ['PRESTADOR']);
    expect(
      (await post('/api/user/login', { user: prestador.email, pass: prestador.password })).json().token,
    ).toEqual(expect.any(String));
  });

  it('cannot be turned off by who must have it', async () => {
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa/desactivar',
      headers: admin,
      payload: { currentPassword: ADMIN.password },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toBe(M.REQUIRED_CANNOT_DISABLE);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/2fa', headers: admin })).json(),
    ).toMatchObject({
      activo: true,
      obligatorio: true,
    });
  });
});
