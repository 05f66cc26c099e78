import { MESSAGES } from '@red-dental/contracts';
import { readMails, TEST_PASSWORD } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, loginAs, uniqueEmail, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';
import { createUserWithRoles } from './usuarios.factories.ts';

const M = MESSAGES.usuarios;

describe.each(BACKENDS)('staff accounts: list, invitations, roles, deactivation (%s)', (backend) => {
  const t = useTestApp(backend);
  let roleId: Record<string, number>;

  beforeAll(async () => {
    const roles = (await t.inject('GET', '/api/roles', t.admin)).json() as { id: number; name: string }[];
    roleId = Object.fromEntries(roles.map((r) => [r.name, r.id]));
  });

  async function mailsTo(email: string) {
    await t.app.mail.drain();
    return (await readMails(t.config.dataDir)).filter((m) => m.to === email);
  }

  /** Invites someone and returns their address and the token of the mailed link. */
  async function invite(roles = ['ADMINISTRATIVO'], nombre = 'Marta Quiroga') {
    const email = uniqueEmail('invitada');
    const res = await t.inject('POST', '/api/user/invitaciones', t.admin, {
      nombre,
      email,
      roles: roles.map((r) => roleId[r]),
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailsTo(email);
    const token = mail!.links.find((l) => l.includes('/invitacion/'))!.split('/invitacion/')[1]!;
    return { id: res.json().id as number, email, token, mail: mail! };
  }

  const auditOf = (id: number) =>
    queryRows<{ action: string; details: Record<string, unknown>; actor_label: string }>(
      t.app.db,
      // The account's own sign-ins are on its record too; these tests read what was done to it.
      sql`select action, details, actor_label from audit_log
          where entity = 'user' and entity_id = ${String(id)} and action not in ('login', 'login_failed')
          order by id`,
    );

  describe('invitations', () => {
    it('mails a single-use link on which the invitee chooses a password and can sign in', async () => {
      const { id, email, token, mail } = await invite();
      expect(mail.subject).toBe('Red Dental: lo invitaron al sistema de gestión');
      expect(mail.text).toContain('Hola Marta Quiroga:');
      expect(mail.text).toContain(ADMIN.email);

      // Until then the account exists, invited, and cannot sign in.
      const listed = (
        await t.inject('GET', `/api/user/paginated?search=${encodeURIComponent(email)}`, t.admin)
      ).json();
      expect(listed.rows).toEqual([
        expect.objectContaining({ id, email, nombre: 'Marta Quiroga', tipo: 'personal', status: 'invited' }),
      ]);
      expect((await t.inject('GET', `/api/user/invitaciones/${token}`)).json()).toEqual({
        nombre: 'Marta Quiroga',
        email,
      });

      const weak = await t.inject('PUT', `/api/user/invitaciones/${token}`, undefined, {
        password: 'password123',
      });
      expect(weak.statusCode).toBe(400);
      const accepted = await t.inject('PUT', `/api/user/invitaciones/${token}`, undefined, {
        password: TEST_PASSWORD,
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().message).toBe(M.INVITATION_ACCEPTED);

      const session = await loginAs(t.app, email, TEST_PASSWORD);
      expect((await t.inject('GET', '/api/afiliados/paginated', session)).statusCode).toBe(200);
      // The link is spent.
      const again = await t.inject('PUT', `/api/user/invitaciones/${token}`, undefined, {
        password: 'Otra-Clave-2026',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe(M.INVITATION_INVALID);
      expect((await auditOf(id)).map((r) => r.details)).toEqual([
        expect.objectContaining({ invitacion: true, email, roles: ['ADMINISTRATIVO'] }),
        { invitacion: 'aceptada' },
      ]);
    });

    it('stores no password anyone chose for the invitee, and no invitation token in clear', async () => {
      const { id, token } = await invite();
      const [row] = await queryRows<{ password_hash: string; invite_token_hash: string }>(
        t.app.db,
        sql`select password_hash, invite_token_hash from users where id = ${id}`,
      );
      expect(row!.password_hash).toBe('!');
      expect(row!.invite_token_hash).not.toContain(token);
      const login = await t.inject('POST', '/api/user/login', undefined, { user: 'x', pass: '!' });
      expect(login.statusCode).toBe(401);
    });

    it('says an invited account must use its link, and a resend replaces the link', async () => {
      const { id, email, token } = await invite();
      const signIn = await t.inject('POST', '/api/user/login', undefined, { user: email, pass: '!' });
      expect(signIn.statusCode).toBe(401);

      const resent = await t.inject('POST', `/api/user/invitaciones/${id}/reenviar`, t.admin);
      expect(resent.statusCode).toBe(200);
      expect(resent.json().message).toBe(M.INVITATION_RESENT(email));
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(2);
      const fresh = mails[1]!.links.find((l) => l.includes('/invitacion/'))!.split('/invitacion/')[1]!;
      expect((await t.inject('GET', `/api/user/invitaciones/${token}`)).statusCode).toBe(400);
      expect((await t.inject('GET', `/api/user/invitaciones/${fresh}`)).statusCode).toBe(200);

      await t.inject('PUT', `/api/user/invitaciones/${fresh}`, undefined, {
        password: TEST_PASSWORD,
      });
      const none = await t.inject('POST', `/api/user/invitaciones/${id}/reenviar`, t.admin);
      expect(none.statusCode).toBe(409);
      expect(none.json().error).toBe(M.NOT_INVITED);
    });

    it('refuses an e-mail in use, unknown roles, no roles and a bad body, writing nothing', async () => {
      const before = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from users`);
      const taken = await t.inject('POST', '/api/user/invitaciones', t.admin, {
        nombre: 'Otra',
        email: ADMIN.email,
        roles: [roleId.ADMINISTRATIVO],
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toBe(MESSAGES.EMAIL_TAKEN);
      const unknown = await t.inject('POST', '/api/user/invitaciones', t.admin, {
        nombre: 'Otra',
        email: uniqueEmail('x'),
        roles: [999999],
      });
      expect(unknown.statusCode).toBe(404);
      const bad = await t.inject('POST', '/api/user/invitaciones', t.admin, {
        nombre: '',
        email: 'no',
        roles: [],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual(
        expect.objectContaining({ nombre: M.NOMBRE_REQUIRED, roles: M.ROLES_REQUIRED }),
      );
      const after = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from users`);
      expect(after).toEqual(before);
    });

    it('expires after 72 hours', async () => {
      const { id, token } = await invite();
      await queryRows(
        t.app.db,
        sql`update users set invite_expires_at = now() - interval '1 minute' where id = ${id}`,
      );
      expect((await t.inject('GET', `/api/user/invitaciones/${token}`)).json().error).toBe(
        M.INVITATION_INVALID,
      );
    });
  });

  describe('the accounts list', () => {
    it('lists staff and professionals with name, roles, state and last sign-in, searched without accents', async () => {
      const dentist = await createDentist(t.app, t.admin, { nombre: 'Néstor Ibáñez' });
      await loginAs(t.app, dentist.email, dentist.password);
      const page = (await t.inject('GET', '/api/user/paginated?search=ibanez', t.admin)).json();
      expect(page.rowCount).toBe(1);
      expect(page.rows[0]).toEqual({
        id: dentist.userId,
        email: dentist.email,
        nombre: 'Néstor Ibáñez',
        tipo: 'profesional',
        status: 'active',
        roles: [{ id: roleId.PRESTADOR, name: 'PRESTADOR' }],
        lastLoginAt: expect.any(String),
        createdAt: expect.any(String),
      });
      const all = (await t.inject('GET', '/api/user/paginated?pageSize=2', t.admin)).json();
      expect(all.rows).toHaveLength(2);
      expect(all.rowCount).toBeGreaterThan(2);
      // A literal % finds nobody rather than everybody.
      expect((await t.inject('GET', '/api/user/paginated?search=%25', t.admin)).json().rowCount).toBe(0);
    });

    it('finds accounts by name or e-mail whatever apostrophes, hyphens and spaces are typed', async () => {
      const { id } = await invite(['ADMINISTRATIVO'], "Nélida D'Alessandro-Paz");
      const dentist = await createDentist(t.app, t.admin, { nombre: 'Ramiro De la Fuente' });
      const ids = async (search: string) =>
        (await t.inject('GET', `/api/user/paginated?search=${encodeURIComponent(search)}`, t.admin))
          .json()
          .rows.map((r: { id: number }) => r.id);
      for (const search of ['dalessandro', 'D’ Alessandro Paz', 'alessandropaz', 'nelida dalessandro'])
        expect(await ids(search), search).toEqual([id]);
      for (const search of ['delafuente', 'de la fuente', 'ramiro-de-la-fuente'])
        expect(await ids(search), search).toEqual([dentist.userId]);
      const [localPart] = dentist.email.split('@');
      expect(await ids(localPart!.replaceAll('.', ' '))).toEqual([dentist.userId]);
    });

    it('is for holders of USERS.GET only', async () => {
      const staff = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const session = await loginAs(t.app, staff.email, staff.password);
      expect((await t.inject('GET', '/api/user/paginated', session)).statusCode).toBe(403);
    });
  });

  describe('roles of an account', () => {
    it("replaces another account's roles, audits it and tells the owner; nobody changes their own", async () => {
      const staff = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const res = await t.inject('PUT', `/api/user/${staff.id}/roles`, t.admin, {
        roles: [roleId.ADMINISTRATIVO, roleId.ADMINISTRADOR],
      });
      expect(res.statusCode).toBe(200);
      const me = (
        await t.inject('GET', '/api/user/me', await loginAs(t.app, staff.email, staff.password))
      ).json();
      expect(me.roles.map((r: { name: string }) => r.name).sort()).toEqual([
        'ADMINISTRADOR',
        'ADMINISTRATIVO',
      ]);
      expect((await auditOf(staff.id)).at(-1)!.details).toEqual({
        antes: ['ADMINISTRATIVO'],
        roles: ['ADMINISTRADOR', 'ADMINISTRATIVO'],
      });
      const [mail] = await mailsTo(staff.email);
      expect(mail!.subject).toBe('Red Dental: cambiaron los roles de su cuenta');
      expect(mail!.text).toContain('ADMINISTRADOR, ADMINISTRATIVO');

      const adminId = (await t.inject('GET', '/api/user/me', t.admin)).json().id;
      const own = await t.inject('PUT', `/api/user/${adminId}/roles`, t.admin, {
        roles: [roleId.ADMINISTRATIVO],
      });
      expect(own.statusCode).toBe(403);
      expect(own.json().error).toBe(M.OWN_ROLES);
    });

    it('never takes ADMINISTRADOR from the last active administrator, even when two demote each other at once', async () => {
      // A network whose administrators are the seeded one and one more.
      const second = await createUserWithRoles(t.app, t.admin, ['ADMINISTRADOR']);
      const secondSession = await loginAs(t.app, second.email, second.password);
      const adminId = (await t.inject('GET', '/api/user/me', t.admin)).json().id;
      const others = await queryRows<{ id: number }>(
        t.app.db,
        sql`select u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
            where r.name = 'ADMINISTRADOR' and u.status = 'active' and u.id not in (${adminId}, ${second.id})`,
      );
      for (const { id } of others)
        await t.inject('PUT', `/api/user/${id}/roles`, t.admin, { roles: [roleId.ADMINISTRATIVO] });

      const [a, b] = await Promise.all([
        t.inject('PUT', `/api/user/${second.id}/roles`, t.admin, { roles: [roleId.ADMINISTRATIVO] }),
        t.inject('PUT', `/api/user/${adminId}/roles`, secondSession, { roles: [roleId.ADMINISTRATIVO] }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.statusCode === 409)!.json().error).toBe(M.LAST_ADMIN);
      const admins = await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from users u join user_roles ur on ur.user_id = u.id
            join roles r on r.id = ur.role_id where r.name = 'ADMINISTRADOR' and u.status = 'active'`,
      );
      expect(admins[0]!.n).toBe(1);
      // Put the second administrator back for the tests that follow.
      if (a.statusCode === 200)
        await t.inject('PUT', `/api/user/${second.id}/roles`, t.admin, { roles: [roleId.ADMINISTRADOR] });
      else
        await t.inject('PUT', `/api/user/${adminId}/roles`, secondSession, { roles: [roleId.ADMINISTRADOR] });
      // A role change ends the sessions of the account it changed.
      await t.renewAdmin();
    });
  });

  it('never lets anyone give a role granting more than they hold, through any door', async () => {
    const keeperRole = await t.inject('POST', '/api/roles', t.admin, {
      name: 'ALTAS DE PERSONAL',
      permissions: ['BACKOFFICE_ACCESS', 'USERS.GET', 'USERS.CREATE', 'USERS.UPDATE_ROLE'],
    });
    const keeper = await createUserWithRoles(t.app, t.admin, ['ALTAS DE PERSONAL']);
    const session = await loginAs(t.app, keeper.email, keeper.password);
    const asAdmin = await t.inject('POST', '/api/user/invitaciones', session, {
      nombre: 'Mi otra casilla',
      email: uniqueEmail('otra'),
      roles: [roleId.ADMINISTRADOR],
    });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error).toBe(MESSAGES.GRANT_BEYOND_OWN);
    // An account with no roles yet: below the keeper, so only the grant rule stands in the way.
    const other = await createUserWithRoles(t.app, t.admin, []);
    expect(
      (await t.inject('PUT', `/api/user/${other.id}/roles`, session, { roles: [roleId.ADMINISTRADOR] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.inject('PUT', `/api/user/${other.id}`, session, { roles: [roleId.ADMINISTRADOR] })).statusCode,
    ).toBe(403);
    // Its own kind of role it may give.
    const same = await t.inject('PUT', `/api/user/${other.id}/roles`, session, {
      roles: [keeperRole.json().id],
    });
    expect(same.statusCode).toBe(200);
  });

  it('keeps the last active administrator through the older PUT /api/user/{id} too', async () => {
    const adminId = (await t.inject('GET', '/api/user/me', t.admin)).json().id;
    const others = await queryRows<{ id: number }>(
      t.app.db,
      sql`select u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
          where r.name = 'ADMINISTRADOR' and u.status = 'active' and u.id <> ${adminId}`,
    );
    // Through the older door, the other administrators lose the role: the seeded one is the last.
    for (const { id } of others)
      expect(
        (await t.inject('PUT', `/api/user/${id}`, t.admin, { roles: ['ADMINISTRATIVO'] })).statusCode,
      ).toBe(200);
    // A role holding everything ADMINISTRADOR holds may act on the last administrator, and still cannot demote it.
    const roles = (await t.inject('GET', '/api/roles', t.admin)).json() as {
      name: string;
      permissions: string[];
    }[];
    await t.inject('POST', '/api/roles', t.admin, {
      name: 'ROLES DE CUENTAS',
      permissions: roles.find((r) => r.name === 'ADMINISTRADOR')!.permissions,
    });
    const keeper = await createUserWithRoles(t.app, t.admin, ['ROLES DE CUENTAS']);
    const session = await loginAs(t.app, keeper.email, keeper.password);
    const last = await t.inject('PUT', `/api/user/${adminId}`, session, { roles: ['ROLES DE CUENTAS'] });
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe(M.LAST_ADMIN);
    expect((await t.inject('GET', '/api/user/me', t.admin)).statusCode).toBe(200);
  });

  describe('deactivation', () => {
    it('ends every session at once, keeps the owner out with a clear message, and is reversible', async () => {
      const staff = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const session = await loginAs(t.app, staff.email, staff.password);
      const off = await t.inject('PUT', `/api/user/${staff.id}/estado`, t.admin, { activo: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().message).toBe(M.DEACTIVATED(staff.email));
      expect((await t.inject('GET', '/api/user/me', session)).statusCode).toBe(401);
      const login = await t.inject('POST', '/api/user/login', undefined, {
        user: staff.email,
        pass: staff.password,
      });
      expect(login.statusCode).toBe(403);
      expect(login.json().error).toBe(MESSAGES.acceso.LOGIN_INACTIVE);
      expect((await mailsTo(staff.email)).map((m) => m.subject)).toEqual([
        'Red Dental: su cuenta fue desactivada',
      ]);

      expect(
        (await t.inject('PUT', `/api/user/${staff.id}/estado`, t.admin, { activo: false })).statusCode,
      ).toBe(409);
      const on = await t.inject('PUT', `/api/user/${staff.id}/estado`, t.admin, { activo: true });
      expect(on.statusCode).toBe(200);
      await loginAs(t.app, staff.email, staff.password);
      expect((await auditOf(staff.id)).slice(-2).map((r) => r.details)).toEqual([
        { estado: 'inactive' },
        { estado: 'active' },
      ]);
    });

    it('takes a deactivated professional out of the cartilla search', async () => {
      const dentist = await createDentist(t.app, t.admin, { nombre: 'Ulises Desactivado' });
      const search = async () =>
        (await t.inject('GET', '/api/profesionales/paginated?search=Ulises%20Desactivado', t.admin)).json()
          .rowCount;
      expect(await search()).toBe(1);
      await t.inject('PUT', `/api/user/${dentist.userId}/estado`, t.admin, { activo: false });
      expect(await search()).toBe(0);
    });

    it('refuses deactivating oneself and the last active administrator', async () => {
      const adminId = (await t.inject('GET', '/api/user/me', t.admin)).json().id;
      const own = await t.inject('PUT', `/api/user/${adminId}/estado`, t.admin, { activo: false });
      expect(own.statusCode).toBe(403);
      expect(own.json().error).toBe(M.OWN_STATUS);

      const second = await createUserWithRoles(t.app, t.admin, ['ADMINISTRADOR']);
      const secondSession = await loginAs(t.app, second.email, second.password);
      const others = await queryRows<{ id: number }>(
        t.app.db,
        sql`select u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
            where r.name = 'ADMINISTRADOR' and u.status = 'active' and u.id not in (${adminId}, ${second.id})`,
      );
      for (const { id } of others)
        await t.inject('PUT', `/api/user/${id}/estado`, t.admin, { activo: false });
      expect(
        (await t.inject('PUT', `/api/user/${second.id}/estado`, t.admin, { activo: false })).statusCode,
      ).toBe(200);
      // The seeded administrator is now the only one: the deactivated second one cannot act, and nobody may remove it.
      expect((await t.inject('GET', '/api/user/me', secondSession)).statusCode).toBe(401);
      const viaRoles = await t.inject('PUT', `/api/user/${adminId}/roles`, t.admin, {
        roles: [roleId.ADMINISTRATIVO],
      });
      expect(viaRoles.statusCode).toBe(403);
    });
  });

  describe('recovery links sent by staff', () => {
    it('mails an active account a recovery link, within the hourly allowance', async () => {
      const staff = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const sent = await t.inject('POST', `/api/user/${staff.id}/recuperacion`, t.admin);
      expect(sent.statusCode).toBe(200);
      expect(sent.json().message).toBe(MESSAGES.usuarios.RECOVERY_SENT(staff.email));
      const [mail] = await mailsTo(staff.email);
      expect(mail!.links.some((l) => l.includes('/recover-password/'))).toBe(true);
      for (let i = 0; i < 4; i++) await t.inject('POST', `/api/user/${staff.id}/recuperacion`, t.admin);
      const over = await t.inject('POST', `/api/user/${staff.id}/recuperacion`, t.admin);
      expect(over.statusCode).toBe(429);
      expect(over.json().error).toBe(MESSAGES.usuarios.RECOVERY_QUOTA);
      const { id: invitedId } = await invite();
      expect((await t.inject('POST', `/api/user/${invitedId}/recuperacion`, t.admin)).json().error).toBe(
        MESSAGES.usuarios.RECOVERY_NOT_ACTIVE,
      );
    });
  });
});
