import { MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { describeDevice } from '../../lib/device.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(BACKENDS)('sessions, one per device (%s)', (backend) => {
  const t = useTestApp(backend);

  /** Signs in as from a browser on a device. */
  async function signInFrom(user: { email: string; password: string }, userAgent: string, address: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'user-agent': userAgent },
      remoteAddress: address,
      payload: { user: user.email, pass: user.password },
    });
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${res.json().token}` };
  }

  it('names the device of each sign-in', () => {
    expect(describeDevice(CHROME_WINDOWS)).toBe('Chrome en Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari en iOS');
    expect(describeDevice(null)).toBe(MESSAGES.acceso.UNKNOWN_DEVICE);
  });

  it('signing out on one device leaves the other signed in', async () => {
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    const office = await signInFrom(user, CHROME_WINDOWS, '10.1.1.1');
    const phone = await signInFrom(user, SAFARI_IPHONE, '10.2.2.2');

    const listed = (await t.inject('GET', '/api/user/sesiones', phone)).json();
    expect(listed).toEqual([
      expect.objectContaining({ dispositivo: 'Safari en iOS', address: '10.2.2.2', actual: true }),
      expect.objectContaining({ dispositivo: 'Chrome en Windows', address: '10.1.1.1', actual: false }),
    ]);

    expect((await t.inject('POST', '/api/user/logout', office)).statusCode).toBe(204);
    expect((await t.inject('GET', '/api/user/me', office)).statusCode).toBe(401);
    expect((await t.inject('GET', '/api/user/me', phone)).statusCode).toBe(200);
    expect((await t.inject('GET', '/api/user/sesiones', phone)).json()).toHaveLength(1);
  });

  it('closes another session, or all the others, from the list', async () => {
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    const [a, b, c] = [
      await signInFrom(user, CHROME_WINDOWS, '10.3.3.1'),
      await signInFrom(user, SAFARI_IPHONE, '10.3.3.2'),
      await signInFrom(user, CHROME_WINDOWS, '10.3.3.3'),
    ];
    const sessions = (await t.inject('GET', '/api/user/sesiones', a)).json() as {
      id: string;
      address: string;
    }[];
    const ofB = sessions.find((s) => s.address === '10.3.3.2')!;
    expect((await t.inject('DELETE', `/api/user/sesiones/${ofB.id}`, a)).statusCode).toBe(204);
    expect((await t.inject('GET', '/api/user/me', b)).statusCode).toBe(401);
    expect((await t.inject('DELETE', `/api/user/sesiones/${ofB.id}`, a)).json().error).toBe(
      MESSAGES.acceso.SESSION_NOT_FOUND,
    );

    const others = await t.inject('DELETE', '/api/user/sesiones', a);
    expect(others.json().message).toBe(MESSAGES.acceso.OTHER_SESSIONS_CLOSED(1));
    expect((await t.inject('GET', '/api/user/me', c)).statusCode).toBe(401);
    expect((await t.inject('GET', '/api/user/me', a)).statusCode).toBe(200);
  });

  it("never lets anyone close another account's session", async () => {
    const owner = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    const ownerSession = await signInFrom(owner, CHROME_WINDOWS, '10.4.4.4');
    const [row] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select s.id from user_sessions s join users u on u.id = s.user_id where u.email = ${owner.email}`,
    );
    expect((await t.inject('DELETE', `/api/user/sesiones/${row!.id}`, t.admin)).statusCode).toBe(404);
    expect((await t.inject('GET', '/api/user/me', ownerSession)).statusCode).toBe(200);
  });

  it('a password change or a deactivation still ends every session', async () => {
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    const a = await signInFrom(user, CHROME_WINDOWS, '10.5.5.1');
    const b = await signInFrom(user, SAFARI_IPHONE, '10.5.5.2');
    const changed = await t.inject('PUT', '/api/user/change-password', a, {
      currentPassword: user.password,
      password: 'Otra-Clave-Segura-26',
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.inject('GET', '/api/user/me', a)).statusCode).toBe(401);
    expect((await t.inject('GET', '/api/user/me', b)).statusCode).toBe(401);
    // The token the change answers opens a session of its own, the only one listed.
    const fresh = { authorization: `Bearer ${changed.json().token}` };
    expect((await t.inject('GET', '/api/user/sesiones', fresh)).json()).toHaveLength(1);

    const c = await signInFrom(
      { email: user.email, password: 'Otra-Clave-Segura-26' },
      SAFARI_IPHONE,
      '10.5.5.3',
    );
    await t.inject('PUT', `/api/user/${user.id}/estado`, t.admin, { activo: false });
    expect((await t.inject('GET', '/api/user/me', fresh)).statusCode).toBe(401);
    expect((await t.inject('GET', '/api/user/me', c)).statusCode).toBe(401);
  });

  it('reads the session in the same single query as the subject, and writes only when it is stale', async () => {
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    const session = await signInFrom(user, CHROME_WINDOWS, '10.6.6.6');
    await queryRows(
      t.app.db,
      sql`update user_sessions set last_used_at = now() - interval '1 hour' where user_id = ${user.id}`,
    );
    await t.inject('GET', '/api/user/me', session);
    const [row] = await queryRows<{ fresh: boolean }>(
      t.app.db,
      sql`select last_used_at > now() - interval '1 minute' as fresh from user_sessions where user_id = ${user.id}`,
    );
    expect(row!.fresh).toBe(true);
  });
});
