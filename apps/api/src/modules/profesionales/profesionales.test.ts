import { emptySchedule, MAP_FALLBACK_CENTER, MESSAGES } from '@red-dental/contracts';
import { buildRegistroInput } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { confirmRegistration } from '../registro/registro.factories.ts';

const M = MESSAGES.profesionales;

/** A schedule with office hours on Monday only. */
function mondays(...times: [string, string][]) {
  const schedule = emptySchedule();
  schedule.L = { enabled: true, times: times.map(([start, end]) => ({ start, end })) };
  return schedule;
}

describe.each(BACKENDS)('profesionales (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });

  /** A dentist who signed up and was approved: its session and its provider id. */
  async function approvedDentist(overrides: { nombre?: string; razonSocial?: string } = {}) {
    const body = buildRegistroInput(overrides);
    const registered = await t.inject('POST', '/api/registro', undefined, body);
    const userId = registered.json().id as number;
    await confirmRegistration(t.app, body.email);
    expect((await t.inject('PUT', `/api/user/solicitudes/${userId}`, t.admin, {})).statusCode).toBe(200);
    const auth = await loginAs(t.app, body.email, body.password);
    const profile = await t.inject('GET', '/api/profesionales/profile', auth);
    return { auth, id: profile.json().id as number, userId, body };
  }

  /** The body the profile screens send: the record as read, with the changes given. */
  async function profileBody(id: number, changes: Record<string, unknown> = {}) {
    const current = (await t.inject('GET', `/api/profesionales/${id}`, t.admin)).json();
    return {
      nombre: current.nombre,
      razonSocial: current.razonSocial,
      email: current.email,
      telefono: current.telefono ?? '011 4800-1234',
      direccion: current.direccion,
      depto: current.depto,
      lat: current.lat,
      long: current.long,
      ubicacionOrigen: current.ubicacionOrigen,
      localidad: current.localidad,
      especialidades: current.especialidades.map((e: { id: number }) => ({ id: e.id })),
      obrasSociales: current.obrasSociales.map((o: { id: number }) => ({ id: o.id })),
      horarios: current.horarios,
      guardias: current.guardias,
      matricula: current.matricula,
      matriculaJurisdiccion: current.matriculaJurisdiccion,
      ...changes,
    };
  }

  describe('list and detail', () => {
    it('finds approved professionals by nombre or razón social, substring, case and accents aside', async () => {
      const found = await approvedDentist({
        nombre: 'Verónica Íñiguez',
        razonSocial: 'Sonrisas Patagónicas SRL',
      });
      await t.inject(
        'POST',
        '/api/registro',
        undefined,
        buildRegistroInput({ nombre: 'Verónica Pendiente Íñiguez' }),
      );
      for (const search of ['iñiguez', 'INIGUEZ', 'ronica', 'patagonicas', 'SONRISAS PATAG']) {
        const page = (
          await t.inject('GET', `/api/profesionales/paginated?search=${encodeURIComponent(search)}`, t.staff)
        ).json();
        expect(
          page.rows.map((r: { id: number }) => r.id),
          search,
        ).toEqual([found.id]);
        expect(page.rowCount).toBe(1);
      }
      // LIKE's wildcards are plain characters in a search.
      expect(
        (await t.inject('GET', '/api/profesionales/paginated?search=%25', t.staff)).json().rowCount,
      ).toBe(0);
      expect((await t.inject('GET', '/api/profesionales/paginated', found.auth)).statusCode).toBe(403);
    });

    it('shows the whole record to staff and to its owner only', async () => {
      const owner = await approvedDentist({ nombre: 'Laura Benítez' });
      const other = await approvedDentist();
      const read = await t.inject('GET', `/api/profesionales/${owner.id}`, t.staff);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        id: owner.id,
        nombre: 'Laura Benítez',
        email: owner.body.email,
        especialidades: [],
        obrasSociales: [],
        zonas: [],
        horarios: emptySchedule(),
        guardias: emptySchedule(),
        user: { id: owner.userId },
        aceptaNuevosPacientes: true,
        ausencias: [],
        matriculaVerificadaAt: null,
      });
      expect((await t.inject('GET', `/api/profesionales/${owner.id}`, owner.auth)).statusCode).toBe(200);
      expect((await t.inject('GET', `/api/profesionales/${owner.id}`, other.auth)).statusCode).toBe(403);
      expect((await t.inject('GET', '/api/profesionales/999999', t.staff)).statusCode).toBe(404);
    });
  });

  describe('editing', () => {
    it('lets staff change everything, insurers and specialties included, and keeps it in the audit log', async () => {
      const dentist = await approvedDentist();
      const os = await createObraSocial(t.app, t.staff);
      const especialidades = (await t.inject('GET', '/api/especialidades', t.staff)).json() as {
        id: number;
        nombre: string;
      }[];
      const guardias = especialidades.find((e) => e.nombre === 'GUARDIAS')!;
      const body = await profileBody(dentist.id, {
        telefono: '011 4823-5510',
        direccion: 'Av. Santa Fe 2845',
        lat: '-34.59147',
        long: -58.40413,
        ubicacionOrigen: 'geocoder',
        localidad: 'Palermo',
        especialidades: [{ id: guardias.id }],
        obrasSociales: [{ id: os.id }],
        horarios: mondays(['09:00', '13:00'], ['14:00', '18:00']),
        guardias: mondays(['20:00', '23:59']),
        matricula: 'MN 12345',
        matriculaJurisdiccion: 'Nacional',
        aceptaNuevosPacientes: false,
        ausencias: [{ desde: '2026-01-05', hasta: '2026-01-20' }],
      });
      const res = await t.inject('PUT', `/api/profesionales/${dentist.id}`, t.staff, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        telefono: '011 4823-5510',
        lat: '-34.591470',
        long: '-58.404130',
        especialidades: [{ id: guardias.id, nombre: 'GUARDIAS' }],
        obrasSociales: [{ id: os.id, nombre: os.nombre }],
        horarios: {
          L: {
            enabled: true,
            times: [
              { start: '09:00', end: '13:00' },
              { start: '14:00', end: '18:00' },
            ],
          },
        },
        aceptaNuevosPacientes: false,
        ausencias: [{ desde: '2026-01-05', hasta: '2026-01-20' }],
        // Staff saving is not the dentist vouching for the data.
        datosConfirmadosAt: null,
      });
      const audit = await queryRows<{ action: string }>(
        t.db,
        sql`select action from audit_log where entity = 'profesional' and entity_id = ${String(dentist.id)}`,
      );
      expect(audit).toEqual([{ action: 'update' }]);
    });

    it("keeps a pin only where someone placed it, never at the map's fallback centre", async () => {
      const dentist = await approvedDentist();
      const save = async (place: Record<string, unknown>, auth = t.staff) =>
        t.inject('PUT', `/api/profesionales/${dentist.id}`, auth, await profileBody(dentist.id, place));
      const refusals: [Record<string, unknown>, string, string][] = [
        // Coordinates nobody says were placed: the client's default, not a pin.
        [{ lat: '-32.91568', long: '-60.80995' }, 'ubicacionOrigen', M.UBICACION_SIN_MARCAR],
        [
          { lat: '-32.91568', long: '-60.80995', ubicacionOrigen: null },
          'ubicacionOrigen',
          M.UBICACION_SIN_MARCAR,
        ],
        // The centre a map opens on when it knows nothing better, sent as a pin put by hand.
        [
          {
            lat: String(MAP_FALLBACK_CENTER.lat),
            long: MAP_FALLBACK_CENTER.long,
            ubicacionOrigen: 'manual',
          },
          'ubicacionOrigen',
          M.UBICACION_CENTRO_MAPA,
        ],
        [{ lat: '-32.91568', long: null, ubicacionOrigen: 'manual' }, 'long', M.UBICACION_INCOMPLETA],
        [{ lat: null, long: null, ubicacionOrigen: 'manual' }, 'ubicacionOrigen', M.UBICACION_INCOMPLETA],
      ];
      for (const [place, field, message] of refusals) {
        const res = await save(place);
        expect(res.statusCode, JSON.stringify(place)).toBe(400);
        expect(res.json().fields, JSON.stringify(place)).toEqual({ [field]: message });
      }
      // The owner's save follows the same rule.
      const own = await t.inject(
        'PUT',
        '/api/profesionales/profile',
        dentist.auth,
        await profileBody(dentist.id, { lat: '-32.91568', long: '-60.80995' }),
      );
      expect(own.statusCode).toBe(400);
      expect(own.json().fields).toEqual({ ubicacionOrigen: M.UBICACION_SIN_MARCAR });
      expect((await t.inject('GET', `/api/profesionales/${dentist.id}`, t.staff)).json()).toMatchObject({
        lat: null,
        long: null,
        ubicacionOrigen: null,
      });

      const placed = await save({ lat: '-32.91568', long: '-60.80995', ubicacionOrigen: 'manual' });
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json()).toMatchObject({
        lat: '-32.915680',
        long: '-60.809950',
        ubicacionOrigen: 'manual',
      });
      // Leaving the three out keeps the pin; clearing the coordinates (as a client that knows nothing
      // of how pins are placed does) clears how they were placed.
      expect(
        (await save({ lat: undefined, long: undefined, ubicacionOrigen: undefined })).json(),
      ).toMatchObject({
        lat: '-32.915680',
        ubicacionOrigen: 'manual',
      });
      const cleared = await save({ lat: null, long: null, ubicacionOrigen: undefined });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json()).toMatchObject({ lat: null, long: null, ubicacionOrigen: null });
    });

    it('refuses bad schedules with a Spanish message under the day', async () => {
      const dentist = await approvedDentist();
      const cases: [unknown, string, string][] = [
        [mondays(['09:00', '12:00'], ['11:00', '14:00']), 'horarios.L', MESSAGES.schedule.OVERLAP],
        [mondays(['13:00', '09:00']), 'horarios.L.times.0', MESSAGES.schedule.ORDER],
        [mondays(['9:00', '12:00']), 'horarios.L.times.0.start', MESSAGES.schedule.TIME_FORMAT],
      ];
      for (const [horarios, field, message] of cases) {
        const res = await t.inject(
          'PUT',
          `/api/profesionales/${dentist.id}`,
          t.staff,
          await profileBody(dentist.id, { horarios }),
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().fields[field], field).toBe(message);
      }
      const unknownDay = await t.inject(
        'PUT',
        `/api/profesionales/${dentist.id}`,
        t.staff,
        await profileBody(dentist.id, { horarios: { Q: { enabled: false, times: [] } } }),
      );
      expect(unknownDay.statusCode).toBe(400);
      const unknownSpecialty = await t.inject(
        'PUT',
        `/api/profesionales/${dentist.id}`,
        t.staff,
        await profileBody(dentist.id, { especialidades: [{ id: 999999 }] }),
      );
      expect(unknownSpecialty.statusCode).toBe(400);
      expect(unknownSpecialty.json().error).toBe(M.ESPECIALIDAD_UNKNOWN);
    });

    it('lets the owner keep the profile, but not its insurers, zone or the licence verification', async () => {
      const owner = await approvedDentist();
      const os = await createObraSocial(t.app, t.staff);
      const own = await t.inject(
        'PUT',
        '/api/profesionales/profile',
        owner.auth,
        await profileBody(owner.id, { matricula: 'MP 777' }),
      );
      expect(own.statusCode).toBe(200);
      expect(own.json().datosConfirmadosAt).toEqual(expect.any(String));

      const insurers = await t.inject(
        'PUT',
        `/api/profesionales/${owner.id}`,
        owner.auth,
        await profileBody(owner.id, { obrasSociales: [{ id: os.id }] }),
      );
      expect(insurers.statusCode).toBe(403);
      expect(insurers.json().error).toBe(M.OWNER_CANNOT_CHANGE);
      expect(
        (await t.inject('PUT', `/api/profesionales/zonas-os/${owner.id}`, owner.auth, { zonaId: null }))
          .statusCode,
      ).toBe(403);
      expect(
        (await t.inject('POST', `/api/profesionales/${owner.id}/verificar-matricula`, owner.auth)).statusCode,
      ).toBe(403);

      const noPhone = await t.inject(
        'PUT',
        '/api/profesionales/profile',
        owner.auth,
        await profileBody(owner.id, { telefono: '' }),
      );
      expect(noPhone.statusCode).toBe(400);
      expect(noPhone.json().fields).toEqual({ telefono: M.TELEFONO_REQUIRED });

      const stranger = await approvedDentist();
      expect(
        (await t.inject('PUT', `/api/profesionales/${owner.id}`, stranger.auth, await profileBody(owner.id)))
          .statusCode,
      ).toBe(403);
    });

    it("keeps the owner's own saves in the audit log, by either path, in the owner's name", async () => {
      const owner = await approvedDentist({ nombre: 'Dra. Auditada Propia' });
      const audits = () =>
        queryRows<{ actor_user_id: number; actor_label: string; actor_rol: string; details: unknown }>(
          t.db,
          sql`select actor_user_id, actor_label, actor_rol, details from audit_log
              where entity = 'profesional' and entity_id = ${String(owner.id)} and action = 'update' order by id`,
        );
      const byProfile = await t.inject(
        'PUT',
        '/api/profesionales/profile',
        owner.auth,
        await profileBody(owner.id),
      );
      expect(byProfile.statusCode, byProfile.body).toBe(200);
      const byId = await t.inject(
        'PUT',
        `/api/profesionales/${owner.id}`,
        owner.auth,
        await profileBody(owner.id, { nombre: 'Dra. Auditada Otra Vez' }),
      );
      expect(byId.statusCode, byId.body).toBe(200);
      const who = { actor_user_id: owner.userId, actor_label: owner.body.email, actor_rol: 'Profesional' };
      expect(await audits()).toEqual([
        { ...who, details: { nombre: 'Dra. Auditada Propia', especialidades: [] } },
        { ...who, details: { nombre: 'Dra. Auditada Otra Vez', especialidades: [] } },
      ]);
    });

    it('sets the zone, stamps the licence check, and a changed licence loses the stamp', async () => {
      const dentist = await approvedDentist();
      const zona = (await t.inject('POST', '/api/zonas', t.staff, { nombre: 'Oeste', numero: 4242 })).json();
      const zoned = await t.inject('PUT', `/api/profesionales/zonas-os/${dentist.id}`, t.staff, {
        zonaId: zona.id,
      });
      expect(zoned.statusCode).toBe(200);
      expect(zoned.json().zonas).toEqual([zona]);
      const unknown = await t.inject('PUT', `/api/profesionales/zonas-os/${dentist.id}`, t.staff, {
        zonaId: 999999,
      });
      expect(unknown.statusCode).toBe(400);

      const none = await t.inject('POST', `/api/profesionales/${dentist.id}/verificar-matricula`, t.staff);
      expect(none.statusCode).toBe(400);
      expect(none.json().error).toBe(M.MATRICULA_MISSING);
      await t.inject(
        'PUT',
        '/api/profesionales/profile',
        dentist.auth,
        await profileBody(dentist.id, { matricula: 'MN 1' }),
      );
      const verified = await t.inject(
        'POST',
        `/api/profesionales/${dentist.id}/verificar-matricula`,
        t.staff,
      );
      expect(verified.json()).toMatchObject({
        matriculaVerificadaAt: expect.any(String),
        matriculaVerificadaPor: expect.any(String),
      });
      const changed = await t.inject(
        'PUT',
        '/api/profesionales/profile',
        dentist.auth,
        await profileBody(dentist.id, { matricula: 'MN 2' }),
      );
      expect(changed.json()).toMatchObject({
        matricula: 'MN 2',
        matriculaVerificadaAt: null,
        matriculaVerificadaPor: null,
      });
    });

    it('a verification is lost when the licence, its jurisdiction or the name changes, and only staff see who verified', async () => {
      const dentist = await approvedDentist();
      const verify = async () => {
        const res = await t.inject('POST', `/api/profesionales/${dentist.id}/verificar-matricula`, t.admin);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          matriculaVerificadaAt: expect.any(String),
          matriculaVerificadaPor: ADMIN.email,
        });
      };
      const save = async (auth: Record<string, string>, changes: Record<string, unknown>) => {
        const res = await t.inject(
          'PUT',
          `/api/profesionales/${dentist.id}`,
          auth,
          await profileBody(dentist.id, changes),
        );
        expect(res.statusCode).toBe(200);
        return res.json();
      };
      await save(dentist.auth, { matricula: 'MP 4521', matriculaJurisdiccion: 'Buenos Aires' });
      await verify();

      // The owner sees that and when, not the staff member's e-mail; staff see who.
      const own = (await t.inject('GET', '/api/profesionales/profile', dentist.auth)).json();
      expect(own).toMatchObject({ matriculaVerificadaAt: expect.any(String), matriculaVerificadaPor: null });
      expect((await t.inject('GET', `/api/profesionales/${dentist.id}`, dentist.auth)).json()).toMatchObject({
        matriculaVerificadaPor: null,
      });
      expect((await t.inject('GET', `/api/profesionales/${dentist.id}`, t.staff)).json()).toMatchObject({
        matriculaVerificadaPor: ADMIN.email,
      });

      // Saving the same licence and name keeps the verification.
      expect(await save(dentist.auth, { telefono: '011 4555-0000' })).toMatchObject({
        matriculaVerificadaAt: own.matriculaVerificadaAt,
        matriculaVerificadaPor: null,
      });

      expect(await save(dentist.auth, { matriculaJurisdiccion: 'Córdoba' })).toMatchObject({
        matricula: 'MP 4521',
        matriculaJurisdiccion: 'Córdoba',
        matriculaVerificadaAt: null,
      });
      await verify();
      expect(await save(dentist.auth, { nombre: 'Otra Persona Distinta' })).toMatchObject({
        nombre: 'Otra Persona Distinta',
        matriculaVerificadaAt: null,
      });
      await verify();
      expect(await save(t.staff, { nombre: 'Otro Nombre Más' })).toMatchObject({
        matriculaVerificadaAt: null,
        matriculaVerificadaPor: null,
      });
    });

    it("records the owner's 'Mis datos están actualizados'", async () => {
      const dentist = await approvedDentist();
      const res = await t.inject('POST', '/api/profesionales/profile/confirmar-datos', dentist.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().datosConfirmadosAt).toEqual(expect.any(String));
      const audit = await queryRows<{ actor_user_id: number; details: unknown }>(
        t.db,
        sql`select actor_user_id, details from audit_log
            where entity = 'profesional' and entity_id = ${String(dentist.id)} and action = 'update'`,
      );
      expect(audit).toEqual([{ actor_user_id: dentist.userId, details: { datosConfirmados: true } }]);
      expect((await t.inject('POST', '/api/profesionales/profile/confirmar-datos', t.staff)).statusCode).toBe(
        403,
      );
    });
  });

  describe('deleting', () => {
    it('removes the professional and its account: its session ends at once, the audit log keeps who', async () => {
      const dentist = await approvedDentist();
      expect((await t.inject('DELETE', `/api/profesionales/${dentist.id}`, t.staff)).statusCode).toBe(403);
      const res = await t.inject('DELETE', `/api/profesionales/${dentist.id}`, t.admin);
      expect(res.statusCode).toBe(204);
      expect((await t.inject('GET', '/api/user/me', dentist.auth)).statusCode).toBe(401);
      expect((await t.inject('GET', `/api/profesionales/${dentist.id}`, t.staff)).statusCode).toBe(404);
      expect((await t.inject('DELETE', `/api/profesionales/${dentist.id}`, t.admin)).statusCode).toBe(404);
      const audit = await queryRows<{ actor_label: string; details: { email: string } }>(
        t.db,
        sql`select actor_label, details from audit_log where action = 'delete' and entity = 'profesional' and entity_id = ${String(dentist.id)}`,
      );
      expect(audit).toEqual([
        { actor_label: ADMIN.email, details: { nombre: dentist.body.nombre, email: dentist.body.email } },
      ]);
    });
  });
});
