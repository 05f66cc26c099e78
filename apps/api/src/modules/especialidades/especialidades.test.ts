import { GUARDIAS, MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { DEFAULT_ESPECIALIDADES, seedCatalogue } from '../../db/seed/base.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';

describe.each(BACKENDS)('the specialties staff keep (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentist: Record<string, string>;

  beforeAll(async () => {
    const created = await createDentist(t.app, t.admin);
    dentist = await loginAs(t.app, created.email, created.password);
  });

  const catalogue = async () =>
    (await t.inject('GET', '/api/especialidades/catalogo', t.staff)).json() as {
      id: number;
      nombre: string;
      profesionales: number;
    }[];
  const especialidadNamed = async (nombre: string) => (await catalogue()).find((e) => e.nombre === nombre)!;
  const auditOf = (entity: string, id: number) =>
    queryRows<{ action: string; details: Record<string, unknown> }>(
      t.app.db,
      sql`select action, details from audit_log where entity = ${entity} and entity_id = ${id} order by id`,
    );

  describe('especialidades', () => {
    it('starts every network with the usual dental specialties and GUARDIAS', async () => {
      const nombres = (await catalogue()).map((e) => e.nombre);
      expect(nombres).toEqual(expect.arrayContaining([...DEFAULT_ESPECIALIDADES, GUARDIAS]));
      expect(nombres).toHaveLength(DEFAULT_ESPECIALIDADES.length + 1);
    });

    it('lists each with the professionals who have it, for staff only', async () => {
      const ortodoncia = await especialidadNamed('Ortodoncia');
      await createDentist(t.app, t.admin, { especialidades: [ortodoncia.id] });
      await createDentist(t.app, t.admin, { especialidades: [ortodoncia.id] });
      expect((await especialidadNamed('Ortodoncia')).profesionales).toBe(2);
      expect((await especialidadNamed('Periodoncia')).profesionales).toBe(0);
      expect((await t.inject('GET', '/api/especialidades/catalogo', dentist)).statusCode).toBe(403);
    });

    it('renames one, refusing a name taken in any case, GUARDIAS and an unknown id', async () => {
      const created = (
        await t.inject('POST', '/api/especialidades', t.staff, { nombre: 'Odontología legal' })
      ).json();
      const renamed = await t.inject('PUT', `/api/especialidades/${created.id}`, t.staff, {
        nombre: 'Odontología legal y forense',
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({ id: created.id, nombre: 'Odontología legal y forense' });
      expect(await auditOf('especialidad', created.id)).toEqual([
        expect.objectContaining({ action: 'create' }),
        expect.objectContaining({
          action: 'update',
          details: { antes: 'Odontología legal', nombre: 'Odontología legal y forense' },
        }),
      ]);

      const taken = await t.inject('PUT', `/api/especialidades/${created.id}`, t.staff, {
        nombre: 'ortodoncia',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toBe(MESSAGES.especialidades.ESPECIALIDAD_TAKEN);
      expect((await especialidadNamed('Odontología legal y forense')).id).toBe(created.id);

      const guardias = await especialidadNamed(GUARDIAS);
      const fixed = await t.inject('PUT', `/api/especialidades/${guardias.id}`, t.staff, {
        nombre: 'Urgencias',
      });
      expect(fixed.statusCode).toBe(409);
      expect(fixed.json().error).toBe(MESSAGES.especialidades.GUARDIAS_FIXED);
      expect(
        (await t.inject('PUT', '/api/especialidades/999999', t.staff, { nombre: 'Otra' })).statusCode,
      ).toBe(404);
      expect(
        (await t.inject('PUT', `/api/especialidades/${created.id}`, dentist, { nombre: 'Otra' })).statusCode,
      ).toBe(403);
    });

    it('deletes one nobody has, and refuses one in a profile saying how many have it', async () => {
      const unused = (
        await t.inject('POST', '/api/especialidades', t.staff, { nombre: 'Gnatología' })
      ).json();
      const deleted = await t.inject('DELETE', `/api/especialidades/${unused.id}`, t.staff);
      expect(deleted.statusCode).toBe(204);
      expect((await catalogue()).some((e) => e.id === unused.id)).toBe(false);
      expect((await auditOf('especialidad', unused.id)).map((r) => r.action)).toEqual(['create', 'delete']);
      expect((await t.inject('DELETE', `/api/especialidades/${unused.id}`, t.staff)).statusCode).toBe(404);

      const ortodoncia = await especialidadNamed('Ortodoncia');
      const inUse = await t.inject('DELETE', `/api/especialidades/${ortodoncia.id}`, t.staff);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().error).toBe(MESSAGES.especialidades.ESPECIALIDAD_IN_USE(2));
      expect(inUse.json().error).toContain('2 profesionales');
      expect((await especialidadNamed('Ortodoncia')).profesionales).toBe(2);

      const guardias = await especialidadNamed(GUARDIAS);
      expect((await t.inject('DELETE', `/api/especialidades/${guardias.id}`, t.staff)).json().error).toBe(
        MESSAGES.especialidades.GUARDIAS_FIXED,
      );
    });

    it('never deletes a specialty a profile holds, even past the service (the database refuses)', async () => {
      const ortodoncia = await especialidadNamed('Ortodoncia');
      await expect(
        queryRows(t.app.db, sql`delete from especialidades where id = ${ortodoncia.id}`),
      ).rejects.toThrow();
      expect((await especialidadNamed('Ortodoncia')).profesionales).toBe(2);
    });

    it('gives the default specialties once: one staff deleted does not come back at the next start', async () => {
      const estetica = await especialidadNamed('Estética dental');
      expect((await t.inject('DELETE', `/api/especialidades/${estetica.id}`, t.admin)).statusCode).toBe(204);
      await seedCatalogue(t.app.db);
      const nombres = (await catalogue()).map((e) => e.nombre);
      expect(nombres).not.toContain('Estética dental');
      expect(nombres).toContain(GUARDIAS);
    });
  });
});

describe.each(BACKENDS)('the specialties a profile picks from (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });

  /** A dentist who signed up and was approved: its session. */
  async function approvedDentist() {
    const dentist = await createDentist(t.app, t.admin);
    return { auth: await loginAs(t.app, dentist.email, dentist.password) };
  }

  describe('especialidades', () => {
    it('lists them, GUARDIAS included, to any signed-in user', async () => {
      const dentist = await approvedDentist();
      const res = await t.inject('GET', '/api/especialidades', dentist.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toContainEqual({ id: expect.any(Number), nombre: 'GUARDIAS' });
      expect((await t.inject('GET', '/api/especialidades')).statusCode).toBe(401);
    });

    it('creates one for staff (201), 409 for a taken name, 400 for none, 403 for a dentist', async () => {
      const created = await t.inject('POST', '/api/especialidades', t.staff, { nombre: 'Gnatología' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({ id: expect.any(Number), nombre: 'Gnatología' });
      expect((await t.inject('GET', `/api/especialidades/${created.json().id}`, t.staff)).json()).toEqual(
        created.json(),
      );
      expect((await t.inject('GET', '/api/especialidades/999999', t.staff)).statusCode).toBe(404);
      const again = await t.inject('POST', '/api/especialidades', t.staff, { nombre: 'gnatología' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe(MESSAGES.especialidades.ESPECIALIDAD_TAKEN);
      expect((await t.inject('POST', '/api/especialidades', t.staff, { nombre: ' ' })).statusCode).toBe(400);
      const dentist = await approvedDentist();
      expect(
        (await t.inject('POST', '/api/especialidades', dentist.auth, { nombre: 'Otra' })).statusCode,
      ).toBe(403);
    });
  });
});
