import type { PermissionName } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';
import { createAfiliado } from './afiliados.factories.ts';

/** Custom roles, each with BACKOFFICE_ACCESS to sign in and the affiliates' permissions named. */
const ROLES = {
  consulta: ['AFILIADOS.GET'],
  modifica: ['AFILIADOS.GET', 'AFILIADOS.UPDATE'],
  daDeBaja: ['AFILIADOS.GET', 'AFILIADOS.DELETE'],
  carga: ['AFILIADOS.GET', 'AFILIADOS.CREATE'],
  soloModifica: ['AFILIADOS.UPDATE'],
  soloBaja: ['AFILIADOS.DELETE'],
  soloCarga: ['AFILIADOS.CREATE'],
} as const satisfies Record<string, readonly PermissionName[]>;

type RoleKey = keyof typeof ROLES;

describe.each(BACKENDS)(
  'who keeps the affiliates registry, with roles of any permissions (%s)',
  (backend) => {
    const t = useTestApp(backend, { staff: true });
    let osde: { id: number };
    const as = {} as Record<RoleKey, { auth: Record<string, string>; id: number }>;

    beforeAll(async () => {
      osde = await createObraSocial(t.app, t.staff);
      for (const [key, permissions] of Object.entries(ROLES)) {
        const role = await t.inject('POST', '/api/roles', t.admin, {
          name: `PADRON ${key.toUpperCase()} ${Date.now()}`,
          permissions: ['BACKOFFICE_ACCESS', ...permissions],
        });
        expect(role.statusCode, role.body).toBe(201);
        const user = await createUserWithRoles(t.app, t.admin, [role.json().name]);
        as[key as RoleKey] = { auth: await loginAs(t.app, user.email, user.password), id: user.id };
      }
    });

    const auditOf = (who: RoleKey) =>
      queryRows<{ action: string }>(
        t.db,
        sql`select action from audit_log where actor_user_id = ${as[who].id} and entity = 'afiliado' order by id`,
      );
    const updateBody = (a: { nombre: string; documento: string }, nombre: string) => ({
      nombre,
      tipoDocumento: 'DNI',
      documento: a.documento,
      obraSocial: { id: osde.id },
    });

    it('gives AFILIADOS.GET with UPDATE, DELETE or CREATE the whole registry, by name too, audited as a search', async () => {
      const a = await createAfiliado(t.app, t.staff, osde.id, { nombre: 'Rosaura Padrón Quiroga' });
      for (const who of ['modifica', 'daDeBaja', 'carga'] as const) {
        const byName = await t.inject('GET', '/api/afiliados/paginated?search=quiroga', as[who].auth);
        expect(byName.statusCode, who).toBe(200);
        expect(byName.json().rows.map((r: { id: number }) => r.id)).toContain(a.id);
        const all = await t.inject('GET', `/api/afiliados/paginated?obraSocialId=${osde.id}`, as[who].auth);
        expect(all.json().rowCount, who).toBeGreaterThan(0);
        expect((await t.inject('GET', `/api/afiliados/${a.id}`, as[who].auth)).statusCode, who).toBe(200);
        // Searches, not coverage checks: no hourly quota, and each one on the record as what it was.
        expect(new Set((await auditOf(who)).map((row) => row.action)), who).toEqual(
          new Set(['search', 'read']),
        );
      }
    });

    it('keeps AFILIADOS.GET alone to the coverage check: one exact document, audited as a check', async () => {
      const a = await createAfiliado(t.app, t.staff, osde.id, { nombre: 'Eulalia Cobertura Sosa' });
      expect((await t.inject('GET', '/api/afiliados/paginated', as.consulta.auth)).json().rowCount).toBe(0);
      // A name is looked up as a document, which nobody has.
      const byName = await t.inject('GET', '/api/afiliados/paginated?search=sosa', as.consulta.auth);
      expect(byName.json()).toEqual({ rows: [], rowCount: 0 });
      const check = await t.inject('GET', `/api/afiliados/paginated?search=${a.documento}`, as.consulta.auth);
      expect(check.json().rows).toEqual([expect.objectContaining({ id: a.id })]);
      expect((await auditOf('consulta')).map((row) => row.action)).toEqual(['consult', 'consult']);
      expect((await t.inject('GET', `/api/afiliados/${a.id}`, as.consulta.auth)).statusCode).toBe(403);
      expect((await t.inject('GET', '/api/afiliados/export?formato=csv', as.consulta.auth)).statusCode).toBe(
        403,
      );
    });

    it('lets each change be made by who reads the registry, and only by them', async () => {
      const a = await createAfiliado(t.app, t.staff, osde.id);
      const put = (who: RoleKey) =>
        t.inject('PUT', `/api/afiliados/${a.id}`, as[who].auth, updateBody(a, 'Nombre Corregido'));
      expect((await put('modifica')).statusCode).toBe(200);
      // The answer is the record: without AFILIADOS.GET it would be a read by another door.
      expect((await put('soloModifica')).statusCode).toBe(403);
      expect((await put('daDeBaja')).statusCode).toBe(403);

      expect((await t.inject('DELETE', `/api/afiliados/${a.id}`, as.soloBaja.auth)).statusCode).toBe(403);
      expect((await t.inject('DELETE', `/api/afiliados/${a.id}`, as.daDeBaja.auth)).statusCode).toBe(204);
      expect((await t.inject('POST', `/api/afiliados/${a.id}/reactivar`, as.soloBaja.auth)).statusCode).toBe(
        403,
      );
      expect((await t.inject('POST', `/api/afiliados/${a.id}/reactivar`, as.daDeBaja.auth)).statusCode).toBe(
        200,
      );
    });

    it('lets AFILIADOS.CREATE alone load affiliates, but neither list nor export them', async () => {
      const created = await createAfiliado(t.app, as.soloCarga.auth, osde.id);
      expect(created.id).toBeGreaterThan(0);
      expect((await t.inject('GET', '/api/afiliados/paginated', as.soloCarga.auth)).statusCode).toBe(403);
      expect((await t.inject('GET', '/api/afiliados/export?formato=csv', as.soloCarga.auth)).statusCode).toBe(
        403,
      );
      const exported = await t.inject('GET', '/api/afiliados/export?formato=csv', as.carga.auth);
      expect(exported.statusCode).toBe(200);
    });
  },
);
