import { readMails } from '@red-dental/testing';
import { eq, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, loginAs, randomAddress, uniqueEmail, useTestApp } from '../../../test/helpers.ts';
import { appSettings, userSessions } from '../../db/schema/index.ts';
import { FAILURE_DELAY_START_MS } from '../../plugins/rate-limit.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';

describe.each(BACKENDS)('sign-in, sessions and password recovery (%s)', (backend) => {
  const t = useTestApp(backend);

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: randomAddress(),
    });
  const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url,
      payload: payload as object,
      headers,
      remoteAddress: randomAddress(),
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  /** The mails written to DATA_DIR/mail for one recipient, oldest first. */
  async function mailsTo(email: string) {
    await t.app.mail.drain();
    return (await readMails(t.config.dataDir)).filter((m) => m.to === email);
  }

  describe('POST /api/user/login', () => {
    it('signs the administrator in with the session user and a token', async () => {
      const res = await post('/api/user/login', { user: ADMIN.email, pass: ADMIN.password });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.token).toEqual(expect.any(String));
      expect(body.user).toMatchObject({ user: ADMIN.email, professionalName: null });
      expect(body.user.roles[0].name).toBe('ADMINISTRADOR');
      const names = body.user.roles[0].permissions.map((p: { name: string }) => p.name);
      expect(names).toContain('PROFESSIONALS.GET');
      expect(names).not.toContain('PROFESSIONALS.UPDATE_PROFILE');
    });

    it('accepts the e-mail in any case and with spaces around it', async () => {
      const res = await post('/api/user/login', {
        user: `  ${ADMIN.email.toUpperCase()} `,
        pass: ADMIN.password,
      });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a wrong password and an unknown user with the same message', async () => {
      const wrong = await post('/api/user/login', { user: ADMIN.email, pass: 'incorrecta' });
      const unknown = await post('/api/user/login', {
        user: 'nadie@test.reddental.com.ar',
        pass: 'incorrecta',
      });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Usuario o contraseña incorrectos', code: 'NO_AUTENTICADO' });
      }
    });

    it('asks for both fields in Spanish', async () => {
      const res = await post('/api/user/login', {});
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        user: 'El email es requerido',
        pass: 'La contraseña es requerida',
      });
    });

    it('answers 400 to malformed JSON, wrong types and over-long fields', async () => {
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"user": "a@b.c", "pass": ',
        remoteAddress: randomAddress(),
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({
        error: 'El cuerpo de la solicitud no es un JSON válido',
        code: 'JSON_INVALIDO',
      });

      const wrongTypes = await post('/api/user/login', { user: 12345, pass: ['x'] });
      expect(wrongTypes.statusCode).toBe(400);
      expect(wrongTypes.json().code).toBe('VALIDACION');

      const long = await post('/api/user/login', { user: `${'a'.repeat(300)}@x.com`, pass: 'x' });
      expect(long.statusCode).toBe(400);
    });

    it('treats SQL-looking input as plain text', async () => {
      const res = await post('/api/user/login', { user: "' OR '1'='1' --", pass: "' OR '1'='1" });
      expect(res.statusCode).toBe(401);
      const still = await post('/api/user/login', { user: ADMIN.email, pass: ADMIN.password });
      expect(still.statusCode).toBe(200);
    });

    it('refuses an active account without back-office access', async () => {
      const noRole = await createUserWithRoles(t.app, t.admin, []);
      const res = await post('/api/user/login', { user: noRole.email, pass: noRole.password });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Su usuario no tiene acceso al sistema');
    });

    /** A sign-in from one client address. */
    const loginFrom = (remoteAddress: string, user: string, pass: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: { user, pass }, remoteAddress });

    it('limits repeated failures on one account from one address with 429, Retry-After and the Spanish message', async () => {
      const target = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const attacker = randomAddress();
      for (let i = 0; i < 10; i++)
        expect((await loginFrom(attacker, target.email, `mala-${i}`)).statusCode).toBe(401);
      const blocked = await loginFrom(attacker, target.email, target.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
      expect(blocked.json()).toEqual({
        error: 'Demasiados intentos. Intente nuevamente en unos minutos.',
        code: 'DEMASIADOS_INTENTOS',
      });
    });

    it("never locks the owner out: an attacker's 50 wrong attempts from one address leave the owner's sign-in from another address working at once", async () => {
      const target = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const attacker = randomAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 50; i++)
        statuses.push((await loginFrom(attacker, target.email, `adivinanza-${i}`)).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);

      const owner = await loginFrom(randomAddress(), target.email, target.password);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().token).toEqual(expect.any(String));
      // The same holds for recovery: the owner can still ask for a link.
      for (let i = 0; i < 15; i++)
        await t.app.inject({
          method: 'POST',
          url: '/api/user/recover-password',
          payload: { email: target.email },
          remoteAddress: attacker,
        });
      const recovery = await post('/api/user/recover-password', { email: target.email });
      expect(recovery.statusCode).toBe(200);
    });

    it('lets no more than ten parallel guesses from one address on one account reach the password check', async () => {
      const target = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const attacker = randomAddress();
      const statuses = await Promise.all(
        Array.from(
          { length: 25 },
          async (_, i) => (await loginFrom(attacker, target.email, `mala-${i}`)).statusCode,
        ),
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    });

    it('slows wrong answers down once an account has failed ten times from anywhere, but never a right one', async () => {
      const target = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      for (let i = 0; i < 10; i++)
        expect((await loginFrom(randomAddress(), target.email, `mala-${i}`)).statusCode).toBe(401);
      const started = Date.now();
      const slowed = await loginFrom(randomAddress(), target.email, 'otra-mala');
      expect(slowed.statusCode).toBe(401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(FAILURE_DELAY_START_MS);
      expect((await loginFrom(randomAddress(), target.email, target.password)).statusCode).toBe(200);
    });

    it('resets the failure count after a successful sign-in', async () => {
      const target = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const address = randomAddress();
      for (let i = 0; i < 9; i++) await loginFrom(address, target.email, 'mala');
      expect((await loginFrom(address, target.email, target.password)).statusCode).toBe(200);
      for (let i = 0; i < 9; i++) await loginFrom(address, target.email, 'mala');
      expect((await loginFrom(address, target.email, target.password)).statusCode).toBe(200);
    });

    it('keeps no e-mail in the limit counters: accounts are named by a keyed hash', async () => {
      const target = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      await loginFrom(randomAddress(), target.email, 'mala');
      const rows = (await t.db.execute(
        sql`select key from rate_limits where key like 'fail:login:%'`,
      )) as unknown as { rows: { key: string }[] };
      expect(rows.rows.length).toBeGreaterThan(0);
      expect(rows.rows.some((row) => row.key.includes('@') || row.key.includes(target.email))).toBe(false);
    });

    it('limits one client address to 30 sign-in requests a minute', async () => {
      const remoteAddress = randomAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { user: uniqueEmail('ip'), pass: 'x' },
          remoteAddress,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });

  describe('GET /api/user/me and token revocation', () => {
    it('returns the session user for a valid token and 401 otherwise', async () => {
      const ok = await get('/api/user/me', t.admin);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user).toBe(ADMIN.email);
      expect((await get('/api/user/me')).statusCode).toBe(401);
      const bad = await get('/api/user/me', { authorization: 'Bearer not.a.token' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().error).toBe('Su sesión expiró o no es válida. Inicie sesión nuevamente');
    });

    /** A session the administrator opened (signing in before the tests), for tokens made by hand. */
    const adminSession = async () => {
      const [row] = await t.db
        .select({ id: userSessions.id })
        .from(userSessions)
        .where(eq(userSessions.userId, 1))
        .limit(1);
      return row!.id;
    };

    /** The signing secret the app generated and keeps in the database (no JWT_SECRET in tests). */
    const jwtSecret = async () => {
      const [row] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
      return row!.value;
    };

    it('refuses tokens that expired, carry another signature or issuer, or are unsigned', async () => {
      const secret = await jwtSecret();
      const claims = { kind: 'user', tv: 0, sid: await adminSession(), sub: '1' };
      // Without a session a well-signed token opens nothing.
      expect(
        (
          await get('/api/user/me', {
            authorization: `Bearer ${createSigner({ key: secret, algorithm: 'HS256', iss: 'red-dental' })({ kind: 'user', tv: 0, sub: '1' })}`,
          })
        ).statusCode,
      ).toBe(401);
      const sign = (options: { key?: string; iss?: string; clockTimestamp?: number }) =>
        createSigner({ key: secret, algorithm: 'HS256', iss: 'red-dental', expiresIn: '1h', ...options })(
          claims,
        );
      const status = async (token: string) =>
        (await get('/api/user/me', { authorization: `Bearer ${token}` })).statusCode;

      expect(await status(sign({}))).toBe(200);
      expect(await status(sign({ clockTimestamp: Date.now() - 2 * 3600_000 }))).toBe(401);
      expect(await status(sign({ key: 'otra-clave-secreta-de-prueba-1234567890' }))).toBe(401);
      expect(await status(sign({ iss: 'otro-emisor' }))).toBe(401);
      expect(await status(createSigner({ algorithm: 'none' })({ ...claims, iss: 'red-dental' }))).toBe(401);
    });

    it('stops taking a token the moment it expires, even one it checked before', async () => {
      const token = createSigner({
        key: await jwtSecret(),
        algorithm: 'HS256',
        iss: 'red-dental',
        expiresIn: 2500,
      })({
        kind: 'user',
        tv: 0,
        sid: await adminSession(),
        sub: '1',
      });
      const auth = { authorization: `Bearer ${token}` };
      expect((await get('/api/user/me', auth)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 2600));
      expect((await get('/api/user/me', auth)).statusCode).toBe(401);
    });

    it('cuts a deleted user off at once', async () => {
      const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const auth = await loginAs(t.app, user.email, user.password);
      expect((await get('/api/user/me', auth)).statusCode).toBe(200);
      await t.db.execute(sql`delete from users where id = ${user.id}`);
      expect((await get('/api/user/me', auth)).statusCode).toBe(401);
    });

    it('applies a role change at once: new roles revoke older tokens, and permissions are read per request', async () => {
      const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRADOR']);
      const auth = await loginAs(t.app, user.email, user.password);
      expect((await get('/api/profesionales/solicitudes', auth)).statusCode).toBe(200);

      // A permission taken from the role (no token change) is gone on the very next request.
      const probe = await createUserWithRoles(t.app, t.admin, ['ADMINISTRADOR']);
      const probeAuth = await loginAs(t.app, probe.email, probe.password);
      await t.db.execute(sql`
        delete from user_roles where user_id = ${probe.id}`);
      expect((await get('/api/profesionales/solicitudes', probeAuth)).statusCode).toBe(403);

      const res = await put(`/api/user/${user.id}`, { roles: ['PRESTADOR'] }, t.admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().roles.map((r: { name: string }) => r.name)).toEqual(['PRESTADOR']);
      expect((await get('/api/user/me', auth)).statusCode).toBe(401);
      const fresh = await loginAs(t.app, user.email, user.password);
      expect((await get('/api/profesionales/solicitudes', fresh)).statusCode).toBe(403);
    });
  });

  describe('password recovery', () => {
    async function recoveryLink(email: string) {
      const res = await post('/api/user/recover-password', { email });
      expect(res.statusCode).toBe(200);
      const mails = await mailsTo(email);
      const match = /http:\/\/reddental\.test\/recover-password\/([\w-]+)/.exec(mails.at(-1)?.text ?? '');
      expect(match).not.toBeNull();
      return match![1]!;
    }

    it('mails a link whose token sets a new password once, and revokes older sessions', async () => {
      const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const oldSession = await loginAs(t.app, user.email, user.password);
      const token = await recoveryLink(user.email);

      const restore = await put('/api/user/restore-password', { id: token, password: 'Nueva-Clave-2025' });
      expect(restore.statusCode).toBe(200);
      expect((await get('/api/user/me', oldSession)).statusCode).toBe(401);
      expect((await post('/api/user/login', { user: user.email, pass: 'Nueva-Clave-2025' })).statusCode).toBe(
        200,
      );
      expect((await mailsTo(user.email)).at(-1)?.subject).toBe('Red Dental: su contraseña fue cambiada');

      const reuse = await put('/api/user/restore-password', { id: token, password: 'Otra-Clave-2025' });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().error).toBe('El enlace de recuperación no es válido o ya fue utilizado');
    });

    it('keeps earlier links valid until one is used, then refuses the rest, an expired token and a user id', async () => {
      const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const first = await recoveryLink(user.email);
      const second = await recoveryLink(user.email);
      expect(
        (await put('/api/user/restore-password', { id: String(user.id), password: 'Nueva-Clave-2025' }))
          .statusCode,
      ).toBe(400);
      // Someone else asking for a link never spoils the one the owner already has.
      expect(
        (await put('/api/user/restore-password', { id: first, password: 'Nueva-Clave-2025' })).statusCode,
      ).toBe(200);
      // The password changed: every other link mailed before dies with the old one.
      expect(
        (await put('/api/user/restore-password', { id: second, password: 'Otra-Clave-2025' })).statusCode,
      ).toBe(400);

      const third = await recoveryLink(user.email);
      await t.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 second'`);
      expect(
        (await put('/api/user/restore-password', { id: third, password: 'Otra-Clave-2025' })).statusCode,
      ).toBe(400);
      expect((await post('/api/user/login', { user: user.email, pass: 'Nueva-Clave-2025' })).statusCode).toBe(
        200,
      );
    });

    it('ends outstanding links when the password is changed from the account or the e-mail by staff', async () => {
      const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const beforeChange = await recoveryLink(user.email);
      const session = await loginAs(t.app, user.email, user.password);
      const changed = await put(
        '/api/user/change-password',
        { currentPassword: user.password, password: 'Cambiada-2025!' },
        session,
      );
      expect(changed.statusCode).toBe(200);
      expect(
        (await put('/api/user/restore-password', { id: beforeChange, password: 'Robada-2025!' })).statusCode,
      ).toBe(400);

      const beforeMove = await recoveryLink(user.email);
      const moved = await put(`/api/user/${user.id}`, { user: uniqueEmail('movida') }, t.admin);
      expect(moved.statusCode).toBe(200);
      expect(
        (await put('/api/user/restore-password', { id: beforeMove, password: 'Robada-2025!' })).statusCode,
      ).toBe(400);
    });

    it('mails an account at most five recovery links an hour, answering every request alike', async () => {
      const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      for (let i = 0; i < 8; i++)
        expect((await post('/api/user/recover-password', { email: user.email })).statusCode).toBe(200);
      expect(await mailsTo(user.email)).toHaveLength(5);
    });

    it('answers 404 with the product message for an unknown e-mail, and validates both bodies', async () => {
      const unknown = await post('/api/user/recover-password', { email: 'nadie@test.reddental.com.ar' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe('El email no está registrado a un usuario');
      const bad = await post('/api/user/recover-password', { email: 'no-es-mail' });
      expect(bad.json().fields).toEqual({ email: 'El email no es válido' });
      const short = await put('/api/user/restore-password', { id: 'x', password: 'corta' });
      expect(short.json().fields).toEqual({ password: 'La contraseña debe tener al menos 8 caracteres' });
    });
  });

  describe('PUT /api/user/change-password', () => {
    it('changes the own password, hands back a fresh token and revokes the old one', async () => {
      const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const auth = await loginAs(t.app, user.email, user.password);
      const res = await put(
        '/api/user/change-password',
        { currentPassword: user.password, password: 'Cambiada-2025' },
        auth,
      );
      expect(res.statusCode).toBe(200);
      const { token } = res.json();
      expect((await get('/api/user/me', auth)).statusCode).toBe(401);
      expect((await get('/api/user/me', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
      expect((await post('/api/user/login', { user: user.email, pass: 'Cambiada-2025' })).statusCode).toBe(
        200,
      );
      const [notice] = await mailsTo(user.email);
      expect(notice?.subject).toBe('Red Dental: su contraseña fue cambiada');
      expect(notice?.links).toContain('http://reddental.test/login');
    });

    it('refuses without the right current password: a session alone cannot take the account', async () => {
      const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const auth = await loginAs(t.app, user.email, user.password);
      const missing = await put('/api/user/change-password', { password: 'Cambiada-2025' }, auth);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ currentPassword: 'La contraseña actual es requerida' });
      const wrong = await put(
        '/api/user/change-password',
        { currentPassword: 'no-es-la-clave', password: 'Cambiada-2025' },
        auth,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        error: 'La contraseña actual no es correcta',
        code: 'VALIDACION',
        fields: { currentPassword: 'La contraseña actual no es correcta' },
      });
      // The session still works and the password did not change.
      expect((await get('/api/user/me', auth)).statusCode).toBe(200);
      expect((await post('/api/user/login', { user: user.email, pass: user.password })).statusCode).toBe(200);
    });

    it('needs a session and a password of 8 characters', async () => {
      expect(
        (await put('/api/user/change-password', { currentPassword: 'x', password: 'Cambiada-2025' }))
          .statusCode,
      ).toBe(401);
      const short = await put(
        '/api/user/change-password',
        { currentPassword: ADMIN.password, password: '1234567' },
        t.admin,
      );
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toBe('La contraseña debe tener al menos 8 caracteres');
    });
  });

  describe('POST /api/user/logout', () => {
    it('ends the session on the server: the token stops working at once', async () => {
      const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const auth = await loginAs(t.app, user.email, user.password);
      expect((await get('/api/user/me', auth)).statusCode).toBe(200);
      const res = await post('/api/user/logout', {}, auth);
      expect(res.statusCode).toBe(204);
      expect((await get('/api/user/me', auth)).statusCode).toBe(401);
      expect((await post('/api/user/logout', {})).statusCode).toBe(401);
      // Signing in again works as ever.
      expect((await post('/api/user/login', { user: user.email, pass: user.password })).statusCode).toBe(200);
    });
  });
});
