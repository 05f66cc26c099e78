import type { PermissionName } from '@red-dental/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';
import { createDentist } from './profesionales.factories.ts';

/** Custom roles, each with BACKOFFICE_ACCESS to sign in and the professionals' permissions named. */
const ROLES = {
  ve: ['PROFESSIONALS.GET'],
  modifica: ['PROFESSIONALS.GET', 'PROFESSIONALS.UPDATE'],
  // Removing a professional also takes every permission its account holds (a dentist's AFILIADOS.GET).
  elimina: ['PROFESSIONALS.GET', 'PROFESSIONALS.DELETE', 'AFILIADOS.GET'],
  soloModifica: ['PROFESSIONALS.UPDATE'],
  soloElimina: ['PROFESSIONALS.DELETE', 'AFILIADOS.GET'],
} as const satisfies Record<string, readonly PermissionName[]>;

type RoleKey = keyof typeof ROLES;

describe.each(BACKENDS)("a professional's record for roles of any permissions (%s)", (backend) => {
  const t = useTestApp(backend);
  const as = {} as Record<RoleKey, Record<string, string>>;

  beforeAll(async () => {
    for (const [key, permissions] of Object.entries(ROLES)) {
      const role = await t.inject('POST', '/api/roles', t.admin, {
        name: `RED ${key.toUpperCase()} ${Date.now()}`,
        permissions: ['BACKOFFICE_ACCESS', ...permissions],
      });
      expect(role.statusCode, role.body).toBe(201);
      const user = await createUserWithRoles(t.app, t.admin, [role.json().name]);
      as[key as RoleKey] = await loginAs(t.app, user.email, user.password);
    }
  });

  /** The record as staff read it, sent back with a new phone: a save that changes one field. */
  const savedWithPhone = async (id: number, telefono: string) => ({
    ...(await t.inject('GET', `/api/profesionales/${id}`, t.admin)).json(),
    telefono,
  });

  it('opens the record to PROFESSIONALS.GET to read, and to nothing it could change', async () => {
    const { id } = await createDentist(t.app, t.admin);
    expect((await t.inject('GET', `/api/profesionales/${id}`, as.ve)).statusCode).toBe(200);
    const body = await savedWithPhone(id, '011 4000-0001');
    expect((await t.inject('PUT', `/api/profesionales/${id}`, as.ve, body)).statusCode).toBe(403);
    expect((await t.inject('POST', `/api/profesionales/${id}/verificar-matricula`, as.ve)).statusCode).toBe(
      403,
    );
    expect((await t.inject('GET', `/api/profesionales/${id}/reportes`, as.ve)).statusCode).toBe(403);
    expect((await t.inject('POST', `/api/profesionales/${id}/recordatorio`, as.ve)).statusCode).toBe(403);
    expect((await t.inject('GET', '/api/reportes', as.ve)).statusCode).toBe(403);
  });

  it('lets PROFESSIONALS.UPDATE change a record only with PROFESSIONALS.GET: every answer is the record', async () => {
    const { id } = await createDentist(t.app, t.admin);
    const body = await savedWithPhone(id, '011 4000-0002');
    expect((await t.inject('PUT', `/api/profesionales/${id}`, as.soloModifica, body)).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', `/api/profesionales/${id}`],
      ['POST', `/api/profesionales/${id}/verificar-matricula`],
      ['GET', `/api/profesionales/${id}/reportes`],
      ['POST', `/api/profesionales/${id}/recordatorio`],
      ['GET', '/api/reportes'],
    ] as const)
      expect((await t.inject(method, url, as.soloModifica)).statusCode, `${method} ${url}`).toBe(403);
    const zona = await t.inject('PUT', `/api/profesionales/zonas-os/${id}`, as.soloModifica, { zonaId: 1 });
    expect(zona.statusCode).toBe(403);
    // The catalogues are its own, without any record.
    expect((await t.inject('GET', '/api/especialidades/catalogo', as.soloModifica)).statusCode).toBe(200);

    const saved = await t.inject('PUT', `/api/profesionales/${id}`, as.modifica, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().telefono).toBe('011 4000-0002');
    expect((await t.inject('GET', `/api/profesionales/${id}/reportes`, as.modifica)).statusCode).toBe(200);
  });

  it('lets PROFESSIONALS.DELETE remove a professional of the list it sees, with PROFESSIONALS.GET', async () => {
    const { id } = await createDentist(t.app, t.admin);
    expect((await t.inject('DELETE', `/api/profesionales/${id}`, as.soloElimina)).statusCode).toBe(403);
    expect((await t.inject('DELETE', `/api/profesionales/${id}`, as.elimina)).statusCode).toBe(204);
  });
});
