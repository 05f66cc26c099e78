import { MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';

describe.each(BACKENDS)('the zones staff keep (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentist: Record<string, string>;

  beforeAll(async () => {
    const created = await createDentist(t.app, t.admin);
    dentist = await loginAs(t.app, created.email, created.password);
  });

  const auditOf = (entity: string, id: number) =>
    queryRows<{ action: string; details: Record<string, unknown> }>(
      t.app.db,
      sql`select action, details from audit_log where entity = ${entity} and entity_id = ${id} order by id`,
    );

  describe('zonas', () => {
    it('lists each zone with its professionals and edits its name and number', async () => {
      const norte = (await t.inject('POST', '/api/zonas', t.staff, { nombre: 'Norte', numero: 11 })).json();
      const sur = (await t.inject('POST', '/api/zonas', t.staff, { nombre: 'Sur', numero: 12 })).json();
      await createDentist(t.app, t.admin, { zonaId: norte.id });

      const listed = (await t.inject('GET', '/api/zonas/catalogo', t.staff)).json();
      expect(listed).toEqual(
        expect.arrayContaining([
          { id: norte.id, nombre: 'Norte', numero: 11, profesionales: 1 },
          { id: sur.id, nombre: 'Sur', numero: 12, profesionales: 0 },
        ]),
      );

      const edited = await t.inject('PUT', `/api/zonas/${norte.id}`, t.staff, {
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
      const este = (await t.inject('POST', '/api/zonas', t.staff, { nombre: 'Este', numero: 21 })).json();
      await t.inject('POST', '/api/zonas', t.staff, { nombre: 'Oeste', numero: 22 });
      const taken = await t.inject('PUT', `/api/zonas/${este.id}`, t.staff, { nombre: 'Este', numero: 22 });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().fields).toEqual({ numero: MESSAGES.zonas.NUMERO_TAKEN });
      const bad = await t.inject('PUT', `/api/zonas/${este.id}`, t.staff, { nombre: '', numero: -1 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual(
        expect.objectContaining({
          nombre: MESSAGES.zonas.NOMBRE_REQUIRED,
          numero: MESSAGES.zonas.NUMERO_INVALID,
        }),
      );
      const missing = await t.inject('PUT', '/api/zonas/999999', t.staff, { nombre: 'X', numero: 99 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe(MESSAGES.zonas.NOT_FOUND);
      expect((await t.inject('GET', '/api/zonas', t.staff)).json()).toContainEqual({
        id: este.id,
        nombre: 'Este',
        numero: 21,
      });
      expect(
        (await t.inject('PUT', `/api/zonas/${este.id}`, dentist, { nombre: 'X', numero: 98 })).statusCode,
      ).toBe(403);
    });
  });
});

describe.each(BACKENDS)('the zones a profile is placed in (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });

  /** A dentist who signed up and was approved: its session. */
  async function approvedDentist() {
    const dentist = await createDentist(t.app, t.admin);
    return { auth: await loginAs(t.app, dentist.email, dentist.password) };
  }

  describe('zonas', () => {
    it('creates zones with a unique number and lists them by number', async () => {
      const norte = await t.inject('POST', '/api/zonas', t.staff, { nombre: 'Norte', numero: 7 });
      expect(norte.statusCode).toBe(201);
      expect(norte.json()).toEqual({ id: expect.any(Number), nombre: 'Norte', numero: 7 });
      const taken = await t.inject('POST', '/api/zonas', t.staff, { nombre: 'Otra', numero: 7 });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        error: MESSAGES.zonas.NUMERO_TAKEN,
        fields: { numero: MESSAGES.zonas.NUMERO_TAKEN },
      });
      const bad = await t.inject('POST', '/api/zonas', t.staff, { nombre: 'Sur', numero: -2 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ numero: MESSAGES.zonas.NUMERO_INVALID });
      await t.inject('POST', '/api/zonas', t.staff, { nombre: 'Centro', numero: 3 });
      const list = (await t.inject('GET', '/api/zonas', t.staff)).json() as { numero: number }[];
      expect(list.map((z) => z.numero)).toEqual([...list.map((z) => z.numero)].sort((a, b) => a - b));
      const dentist = await approvedDentist();
      expect(
        (await t.inject('POST', '/api/zonas', dentist.auth, { nombre: 'X', numero: 99 })).statusCode,
      ).toBe(403);
    });
  });
});
