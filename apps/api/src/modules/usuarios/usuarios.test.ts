import { MESSAGES, PERMISSIONS } from '@red-dental/contracts';
import { readMails, TEST_PASSWORD } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, loginAs, uniqueEmail, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createUserWithRoles } from './usuarios.factories.ts';

describe.each(BACKENDS)('user accounts and permissions (%s)', (backend) => {
  const t = useTestApp(backend);
  let staff: { id: number; email: string; password: string };
  let staffAuth: Record<string, string>;

  beforeAll(async () => {
    staff = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    staffAuth = await loginAs(t.app, staff.email, staff.password);
  });

  const request = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => t.app.inject({ method, url, headers, payload });

  describe('POST /api/user', () => {
    it('lets an administrator create an active user with roles, and records it in the audit log', async () => {
      const email = uniqueEmail('nuevo');
      const res = await request('POST', '/api/user', t.admin, {
        user: email,
        pass: TEST_PASSWORD,
        roles: ['ADMINISTRATIVO'],
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ user: email, status: 'active', roles: [{ name: 'ADMINISTRATIVO' }] });
      expect(body).not.toHaveProperty('passwordHash');
      const audit = await queryRows<{ action: string; actor_label: string }>(
        t.db,
        sql`select action, actor_label from audit_log where entity = 'user' and entity_id = ${String(body.id)}`,
      );
      expect(audit).toEqual([{ action: 'create', actor_label: ADMIN.email }]);
    });

    it('gives nothing to an anonymous caller, even one asking for roles', async () => {
      const email = uniqueEmail('anon');
      const res = await request(
        'POST',
        '/api/user',
        {},
        { user: email, pass: TEST_PASSWORD, roles: ['ADMINISTRADOR'] },
      );
      expect(res.statusCode).toBe(401);
      const rows = await queryRows(t.db, sql`select id from users where email = ${email}`);
      expect(rows).toHaveLength(0);
    });

    it('refuses callers without USERS.CREATE', async () => {
      const res = await request('POST', '/api/user', staffAuth, {
        user: uniqueEmail(),
        pass: TEST_PASSWORD,
        roles: [],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'No tiene permiso para realizar esta acción',
        code: 'SIN_PERMISO',
      });
    });

    it('lets only holders of USERS.UPDATE_ROLE grant roles', async () => {
      // A custom role that may create users but not hand out roles.
      await t.db.execute(sql`insert into roles (name) values ('ALTAS') on conflict do nothing`);
      await t.db.execute(sql`
        insert into role_permissions (role_id, permission_id)
        select r.id, p.id from roles r, permissions p
        where r.name = 'ALTAS' and p.name in ('USERS.CREATE', 'BACKOFFICE_ACCESS') on conflict do nothing`);
      const creator = await createUserWithRoles(t.app, t.admin, ['ALTAS']);
      const auth = await loginAs(t.app, creator.email, creator.password);
      const withRoles = await request('POST', '/api/user', auth, {
        user: uniqueEmail(),
        pass: TEST_PASSWORD,
        roles: ['ADMINISTRADOR'],
      });
      expect(withRoles.statusCode).toBe(403);
      const plain = await request('POST', '/api/user', auth, {
        user: uniqueEmail(),
        pass: TEST_PASSWORD,
        roles: [],
      });
      expect(plain.statusCode).toBe(201);
      expect(plain.json().roles).toEqual([]);
    });

    it('answers 409 for a taken e-mail, 404 for an unknown role and 400 for bad fields', async () => {
      const dup = await request('POST', '/api/user', t.admin, {
        user: staff.email.toUpperCase(),
        pass: TEST_PASSWORD,
        roles: [],
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toBe('El email ya está registrado');
      const role = await request('POST', '/api/user', t.admin, {
        user: uniqueEmail(),
        pass: TEST_PASSWORD,
        roles: ['SUPERUSUARIO'],
      });
      expect(role.statusCode).toBe(404);
      expect(role.json().error).toBe('Alguno de los roles indicados no existe');
      const bad = await request('POST', '/api/user', t.admin, {
        user: 'x',
        pass: 'corta',
        roles: 'ADMINISTRADOR',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({
        user: 'El email no es válido',
        pass: 'La contraseña debe tener al menos 8 caracteres',
      });
    });
  });

  describe('GET /api/user/:id', () => {
    it('shows a user to holders of USERS.GET and to the user themself', async () => {
      expect((await request('GET', `/api/user/${staff.id}`, t.admin)).json()).toMatchObject({
        id: staff.id,
        user: staff.email,
      });
      expect((await request('GET', `/api/user/${staff.id}`, staffAuth)).statusCode).toBe(200);
      const other = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      expect((await request('GET', `/api/user/${other.id}`, staffAuth)).statusCode).toBe(403);
      expect((await request('GET', `/api/user/${other.id}`)).statusCode).toBe(401);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = await request('GET', '/api/user/987654', t.admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('El usuario no existe');
      expect((await request('GET', '/api/user/abc', t.admin)).statusCode).toBe(400);
      expect((await request('GET', '/api/user/1;drop table users', t.admin)).statusCode).toBe(400);
    });
  });

  describe('PUT /api/user/:id', () => {
    it("changes another user's e-mail, never their password; the new address is asked to confirm", async () => {
      const target = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const targetAuth = await loginAs(t.app, target.email, target.password);
      const email = uniqueEmail('cambiado');
      const withPassword = await request('PUT', `/api/user/${target.id}`, t.admin, {
        user: email,
        pass: 'Otra-Clave-2025',
      });
      expect(withPassword.statusCode).toBe(403);
      expect(withPassword.json().error).toBe(MESSAGES.usuarios.OTHERS_PASSWORD);
      expect((await request('GET', '/api/user/me', targetAuth)).statusCode).toBe(200);

      const res = await request('PUT', `/api/user/${target.id}`, t.admin, { user: email });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toBe(email);
      expect((await request('GET', '/api/user/me', targetAuth)).statusCode).toBe(401);
      await loginAs(t.app, email, target.password);
      await t.app.mail.drain();
      const mails = await readMails(t.config.dataDir);
      expect(mails.filter((m) => m.to === target.email).map((m) => m.subject)).toEqual([
        'Red Dental: cambió el email de su cuenta',
      ]);
      expect(mails.filter((m) => m.to === email).map((m) => m.subject)).toEqual([
        'Red Dental: confirme su nueva dirección de email',
      ]);
    });

    it("changes another user's e-mail only with USERS.UPDATE_PASSWORD, and ends that user's sessions", async () => {
      await t.db.execute(sql`insert into roles (name) values ('EDITOR_USUARIOS') on conflict do nothing`);
      await t.db.execute(sql`
        insert into role_permissions (role_id, permission_id)
          select r.id, p.id from roles r, permissions p
          where r.name = 'EDITOR_USUARIOS' and p.name in (${PERMISSIONS.USERS_UPDATE}, ${PERMISSIONS.BACKOFFICE_ACCESS})
          on conflict do nothing`);
      const editor = await createUserWithRoles(t.app, t.admin, ['EDITOR_USUARIOS']);
      const editorAuth = await loginAs(t.app, editor.email, editor.password);
      const target = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const targetAuth = await loginAs(t.app, target.email, target.password);

      const refused = await request('PUT', `/api/user/${target.id}`, editorAuth, {
        user: uniqueEmail('robo'),
      });
      expect(refused.statusCode).toBe(403);
      expect((await request('GET', '/api/user/me', targetAuth)).statusCode).toBe(200);

      const email = uniqueEmail('nuevo');
      const changed = await request('PUT', `/api/user/${target.id}`, t.admin, { user: email });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().user).toBe(email);
      expect((await request('GET', '/api/user/me', targetAuth)).statusCode).toBe(401);
      // The address the account had is told where its mail goes now.
      await t.app.mail.drain();
      const [notice] = (await readMails(t.config.dataDir)).filter((m) => m.to === target.email);
      expect(notice?.subject).toBe('Red Dental: cambió el email de su cuenta');
      expect(notice?.text).toContain(email);
    });

    it('asks for the current password before changing the own e-mail or password here too', async () => {
      const me = await createUserWithRoles(t.app, t.admin, ['ADMINISTRADOR']);
      const auth = await loginAs(t.app, me.email, me.password);
      for (const change of [{ pass: 'Robada-Clave-2025' }, { user: uniqueEmail('robo') }]) {
        const missing = await request('PUT', `/api/user/${me.id}`, auth, change);
        expect(missing.statusCode).toBe(400);
        expect(missing.json().fields).toEqual({ currentPassword: 'La contraseña actual es requerida' });
        const wrong = await request('PUT', `/api/user/${me.id}`, auth, {
          ...change,
          currentPassword: 'adivinada',
        });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().error).toBe('La contraseña actual no es correcta');
      }
      const email = uniqueEmail('propio');
      const ok = await request('PUT', `/api/user/${me.id}`, auth, {
        user: email,
        currentPassword: me.password,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user).toBe(email);
    });

    it('never lets anyone change their own roles', async () => {
      const me = await request('GET', '/api/user/me', t.admin);
      const res = await request('PUT', `/api/user/${me.json().id}`, t.admin, { roles: ['PRESTADOR'] });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('No puede cambiar sus propios roles');
    });

    it('refuses callers without USERS.UPDATE, and answers 404 and 409 where due', async () => {
      expect(
        (await request('PUT', `/api/user/${staff.id}`, staffAuth, { user: uniqueEmail() })).statusCode,
      ).toBe(403);
      expect((await request('PUT', '/api/user/987654', t.admin, { user: uniqueEmail() })).statusCode).toBe(
        404,
      );
      const other = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const dup = await request('PUT', `/api/user/${other.id}`, t.admin, { user: staff.email });
      expect(dup.statusCode).toBe(409);
    });
  });
});
