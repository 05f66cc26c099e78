import { GUARDIAS, MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  apiCaller,
  BACKENDS,
  createTestApp,
  loginAs,
  signInWithRole,
  type TestContext,
} from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { DEFAULT_ESPECIALIDADES, seedCatalogue } from '../../db/seed/base.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';

describe.each(BACKENDS)('the catalogues staff keep: especialidades and zonas (%s)', (backend) => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let staff: Record<string, string>;
  let dentist: Record<string, string>;
  const inject = apiCaller(() => ctx.app);

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    admin = await loginAs(ctx.app, ADMIN.email, ADMIN.password);
    staff = await signInWithRole(ctx.app, admin, 'ADMINISTRATIVO');
    const created = await createDentist(ctx.app, admin);
    dentist = await loginAs(ctx.app, created.email, created.password);
  });
  afterAll(() => ctx.close());

  const catalogue = async () =>
    (await inject('GET', '/api/especialidades/catalogo', staff)).json() as {
      id: number;
      nombre: string;
      profesionales: number;
    }[];
  const especialidadNamed = async (nombre: string) => (await catalogue()).find((e) => e.nombre === nombre)!;
  const auditOf = (entity: string, id: number) =>
    queryRows<{ action: string; details: Record<string, unknown> }>(
      ctx.app.db,
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
      await createDentist(ctx.app, admin, { especialidades: [ortodoncia.id] });
      await createDentist(ctx.app, admin, { especialidades: [ortodoncia.id] });
      expect((await especialidadNamed('Ortodoncia')).profesionales).toBe(2);
      expect((await especialidadNamed('Periodoncia')).profesionales).toBe(0);
      expect((await inject('GET', '/api/especialidades/catalogo', dentist)).statusCode).toBe(403);
    });

    it('renames one, refusing a name taken in any case, GUARDIAS and an unknown id', async () => {
      const created = (
        await inject('POST', '/api/especialidades', staff, { nombre: 'Odontología legal' })
      ).json();
      const renamed = await inject('PUT', `/api/especialidades/${created.id}`, staff, {
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

      const taken = await inject('PUT', `/api/especialidades/${created.id}`, staff, { nombre: 'ortodoncia' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toBe(MESSAGES.especialidades.ESPECIALIDAD_TAKEN);
      expect((await especialidadNamed('Odontología legal y forense')).id).toBe(created.id);

      const guardias = await especialidadNamed(GUARDIAS);
      const fixed = await inject('PUT', `/api/especialidades/${guardias.id}`, staff, { nombre: 'Urgencias' });
      expect(fixed.statusCode).toBe(409);
      expect(fixed.json().error).toBe(MESSAGES.especialidades.GUARDIAS_FIXED);
      expect((await inject('PUT', '/api/especialidades/999999', staff, { nombre: 'Otra' })).statusCode).toBe(
        404,
      );
      expect(
        (await inject('PUT', `/api/especialidades/${created.id}`, dentist, { nombre: 'Otra' })).statusCode,
      ).toBe(403);
    });

    it('deletes one nobody has, and refuses one in a profile saying how many have it', async () => {
      const unused = (await inject('POST', '/api/especialidades', staff, { nombre: 'Gnatología' })).json();
      const deleted = await inject('DELETE', `/api/especialidades/${unused.id}`, staff);
      expect(deleted.statusCode).toBe(204);
      expect((await catalogue()).some((e) => e.id === unused.id)).toBe(false);
      expect((await auditOf('especialidad', unused.id)).map((r) => r.action)).toEqual(['create', 'delete']);
      expect((await inject('DELETE', `/api/especialidades/${unused.id}`, staff)).statusCode).toBe(404);

      const ortodoncia = await especialidadNamed('Ortodoncia');
      const inUse = await inject('DELETE', `/api/especialidades/${ortodoncia.id}`, staff);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().error).toBe(MESSAGES.especialidades.ESPECIALIDAD_IN_USE(2));
      expect(inUse.json().error).toContain('2 profesionales');
      expect((await especialidadNamed('Ortodoncia')).profesionales).toBe(2);

      const guardias = await especialidadNamed(GUARDIAS);
      expect((await inject('DELETE', `/api/especialidades/${guardias.id}`, staff)).json().error).toBe(
        MESSAGES.especialidades.GUARDIAS_FIXED,
      );
    });

    it('never deletes a specialty a profile holds, even past the service (the database refuses)', async () => {
      const ortodoncia = await especialidadNamed('Ortodoncia');
      await expect(
        queryRows(ctx.app.db, sql`delete from especialidades where id = ${ortodoncia.id}`),
      ).rejects.toThrow();
      expect((await especialidadNamed('Ortodoncia')).profesionales).toBe(2);
    });

    it('gives the default specialties once: one staff deleted does not come back at the next start', async () => {
      const estetica = await especialidadNamed('Estética dental');
      expect((await inject('DELETE', `/api/especialidades/${estetica.id}`, admin)).statusCode).toBe(204);
      await seedCatalogue(ctx.app.db);
      const nombres = (await catalogue()).map((e) => e.nombre);
      expect(nombres).not.toContain('Estética dental');
      expect(nombres).toContain(GUARDIAS);
    });
  });

  describe('zonas', () => {
    it('lists each zone with its professionals and edits its name and number', async () => {
      const norte = (await inject('POST', '/api/zonas', staff, { nombre: 'Norte', numero: 11 })).json();
      const sur = (await inject('POST', '/api/zonas', staff, { nombre: 'Sur', numero: 12 })).json();
      await createDentist(ctx.app, admin, { zonaId: norte.id });

      const listed = (await inject('GET', '/api/zonas/catalogo', staff)).json();
      expect(listed).toEqual(
        expect.arrayContaining([
          { id: norte.id, nombre: 'Norte', numero: 11, profesionales: 1 },
          { id: sur.id, nombre: 'Sur', numero: 12, profesionales: 0 },
        ]),
      );

      const edited = await inject('PUT', `/api/zonas/${norte.id}`, staff, {
        nombre: 'Norte y Oeste',
        numero: 13,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toEqual({ id: norte.id, nombre: 'Norte y Oeste', numero: 13 });
      expect(await auditOf('zona', norte.id)).toEqual([
        expect.objectContaining({ action: 'create' }),
        expect.objectContaining({
          action: 'update',
          details: { antes: { nombre: 'Norte', numero: 11 }, nombre: 'Norte y Oeste', numero: 13 },
        }),
      ]);
    });

    it('refuses a number another zone has, a bad body and an unknown id, changing nothing', async () => {
      const este = (await inject('POST', '/api/zonas', staff, { nombre: 'Este', numero: 21 })).json();
      await inject('POST', '/api/zonas', staff, { nombre: 'Oeste', numero: 22 });
      const taken = await inject('PUT', `/api/zonas/${este.id}`, staff, { nombre: 'Este', numero: 22 });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().fields).toEqual({ numero: MESSAGES.zonas.NUMERO_TAKEN });
      const bad = await inject('PUT', `/api/zonas/${este.id}`, staff, { nombre: '', numero: -1 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual(
        expect.objectContaining({
          nombre: MESSAGES.zonas.NOMBRE_REQUIRED,
          numero: MESSAGES.zonas.NUMERO_INVALID,
        }),
      );
      const missing = await inject('PUT', '/api/zonas/999999', staff, { nombre: 'X', numero: 99 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe(MESSAGES.zonas.NOT_FOUND);
      expect((await inject('GET', '/api/zonas', staff)).json()).toContainEqual({
        id: este.id,
        nombre: 'Este',
        numero: 21,
      });
      expect(
        (await inject('PUT', `/api/zonas/${este.id}`, dentist, { nombre: 'X', numero: 98 })).statusCode,
      ).toBe(403);
    });
  });
});
