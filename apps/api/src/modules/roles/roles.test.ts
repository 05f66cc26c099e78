import {
  ALL_PERMISSIONS,
  DEFAULT_ROLES,
  MESSAGES,
  PERMISSION_GROUPS,
  PERMISSION_HELP,
} from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';

const M = MESSAGES.roles;

describe.each(BACKENDS)('roles (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });

  const roles = async () =>
    (await t.inject('GET', '/api/roles', t.admin)).json() as {
      id: number;
      name: string;
      permissions: string[];
      usuarios: number;
      predeterminado: boolean;
    }[];
  const named = async (name: string) => (await roles()).find((r) => r.name === name)!;

  it('explains every permission in words and places each in exactly one group', () => {
    for (const p of ALL_PERMISSIONS) expect(PERMISSION_HELP[p].length).toBeGreaterThan(10);
    const grouped = PERMISSION_GROUPS.flatMap((g) => g.permissions);
    expect([...grouped].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('lists the default roles with their permissions and holders', async () => {
    const administrador = await named('ADMINISTRADOR');
    expect(administrador.permissions.sort()).toEqual([...DEFAULT_ROLES.ADMINISTRADOR].sort());
    expect(administrador.predeterminado).toBe(true);
    expect(administrador.usuarios).toBeGreaterThanOrEqual(1);
    expect((await named('PRESTADOR')).permissions.sort()).toEqual([...DEFAULT_ROLES.PRESTADOR].sort());
  });

  it('creates a role whose holders get exactly its permissions, and edits it', async () => {
    const created = await t.inject('POST', '/api/roles', t.admin, {
      name: 'auditoría',
      permissions: ['BACKOFFICE_ACCESS', 'AFILIADOS.GET'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      name: 'AUDITORÍA',
      permissions: ['AFILIADOS.GET', 'BACKOFFICE_ACCESS'],
      usuarios: 0,
      predeterminado: false,
    });
    const holder = await createUserWithRoles(t.app, t.admin, ['AUDITORÍA']);
    const session = await loginAs(t.app, holder.email, holder.password);
    expect((await t.inject('GET', '/api/afiliados/paginated', session)).statusCode).toBe(200);
    expect((await t.inject('GET', '/api/profesionales/paginated', session)).statusCode).toBe(403);

    const edited = await t.inject('PUT', `/api/roles/${created.json().id}`, t.admin, {
      name: 'AUDITORÍA',
      permissions: ['BACKOFFICE_ACCESS', 'AFILIADOS.GET', 'PROFESSIONALS.GET'],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().usuarios).toBe(1);
    // Permissions are read on every request: the holder's session gains it at once.
    expect((await t.inject('GET', '/api/profesionales/paginated', session)).statusCode).toBe(200);
    const audit = await queryRows<{ action: string }>(
      t.app.db,
      sql`select action from audit_log where entity = 'rol' and entity_id = ${String(created.json().id)} order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(['create', 'update']);
  });

  it('keeps ADMINISTRADOR as it is and the default roles by name', async () => {
    const administrador = await named('ADMINISTRADOR');
    const res = await t.inject('PUT', `/api/roles/${administrador.id}`, t.admin, {
      name: 'ADMINISTRADOR',
      permissions: ['BACKOFFICE_ACCESS'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(M.ROLE_ADMIN_FIXED);
    expect((await named('ADMINISTRADOR')).permissions).toHaveLength(administrador.permissions.length);

    const administrativo = await named('ADMINISTRATIVO');
    const renamed = await t.inject('PUT', `/api/roles/${administrativo.id}`, t.admin, {
      name: 'OFICINA',
      permissions: administrativo.permissions,
    });
    expect(renamed.json().error).toBe(M.ROLE_DEFAULT_NAME);
    const trimmed = await t.inject('PUT', `/api/roles/${administrativo.id}`, t.admin, {
      name: 'ADMINISTRATIVO',
      permissions: administrativo.permissions.filter((p) => p !== 'AFILIADOS.DELETE'),
    });
    expect(trimmed.statusCode).toBe(200);
    expect(trimmed.json().permissions).not.toContain('AFILIADOS.DELETE');
  });

  it('refuses a taken name, unknown permissions, a bad name, and granting what the caller lacks', async () => {
    const taken = await t.inject('POST', '/api/roles', t.admin, { name: 'prestador', permissions: [] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(M.ROLE_NAME_TAKEN);
    const unknown = await t.inject('POST', '/api/roles', t.admin, {
      name: 'OTRO',
      permissions: ['TODO.TODO'],
    });
    expect(unknown.statusCode).toBe(400);
    const bad = await t.inject('POST', '/api/roles', t.admin, { name: '<b>', permissions: [] });
    expect(bad.json().fields).toEqual({ name: M.ROLE_NAME_INVALID });

    // A role-keeper who does not hold USERS.DELETE cannot give it, not even to their own role.
    const keeperRole = await t.inject('POST', '/api/roles', t.admin, {
      name: 'GUARDIAN DE ROLES',
      permissions: ['BACKOFFICE_ACCESS', 'ROLES.GET', 'ROLES.CREATE', 'ROLES.UPDATE'],
    });
    const keeper = await createUserWithRoles(t.app, t.admin, ['GUARDIAN DE ROLES']);
    const session = await loginAs(t.app, keeper.email, keeper.password);
    const climb = await t.inject('PUT', `/api/roles/${keeperRole.json().id}`, session, {
      name: 'GUARDIAN DE ROLES',
      permissions: ['BACKOFFICE_ACCESS', 'ROLES.GET', 'ROLES.CREATE', 'ROLES.UPDATE', 'USERS.DELETE'],
    });
    expect(climb.statusCode).toBe(403);
    expect(climb.json().error).toBe(MESSAGES.GRANT_BEYOND_OWN);
    expect((await named('GUARDIAN DE ROLES')).permissions).not.toContain('USERS.DELETE');
    expect(
      (await t.inject('PUT', '/api/roles/999999', t.admin, { name: 'X', permissions: [] })).statusCode,
    ).toBe(404);
  });

  describe('GET /api/permisos', () => {
    it('lists the whole catalogue with Spanish descriptions to a signed-in user', async () => {
      const res = await t.inject('GET', '/api/permisos', t.staff);
      expect(res.statusCode).toBe(200);
      const names = res.json().map((p: { name: string }) => p.name);
      expect(names.sort()).toEqual([...ALL_PERMISSIONS].sort());
      expect(res.json().find((p: { name: string }) => p.name === 'AFILIADOS.CREATE').description).toMatch(
        /afiliados/i,
      );
      expect((await t.inject('GET', '/api/permisos')).statusCode).toBe(401);
    });
  });
});
