import { gunzipSync } from 'node:zlib';
import { cartillaProfesionalSchema, emptySchedule, MESSAGES, REPORTES_POR_DIA } from '@red-dental/contracts';
import { buildRegistroInput } from '@red-dental/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { afiliadoAuth, createAfiliado } from '../afiliados/afiliados.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { confirmRegistration } from '../registro/registro.factories.ts';

const directorySchema = z.array(cartillaProfesionalSchema.strict());

describe.each(BACKENDS)('la cartilla del afiliado (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });

  /** A dentist who signed up; approved unless `pending`, accepting `obrasSociales`, with Monday hours. */
  async function dentist(obrasSociales: number[], options: { pending?: boolean; nombre?: string } = {}) {
    const body = buildRegistroInput({
      matricula: 'MN 4455',
      ...(options.nombre ? { nombre: options.nombre } : {}),
    });
    const userId = (await t.inject('POST', '/api/registro', undefined, body)).json().id as number;
    // Just signed up, the provider is among the requests.
    const profesionalId = (await t.inject('GET', '/api/profesionales/solicitudes', t.admin))
      .json()
      .find((s: { user: { id: number } }) => s.user.id === userId)?.id as number;
    const horarios = emptySchedule();
    horarios.L = { enabled: true, times: [{ start: '09:00', end: '13:00' }] };
    const saved = await t.inject('PUT', `/api/profesionales/${profesionalId}`, t.admin, {
      nombre: body.nombre,
      razonSocial: body.razonSocial,
      email: body.email,
      telefono: '011 4800-1234',
      direccion: 'Av. Santa Fe 1234',
      depto: '3° B',
      lat: '-34.595',
      long: '-58.395',
      ubicacionOrigen: 'geocoder',
      localidad: 'Recoleta',
      especialidades: [],
      obrasSociales: obrasSociales.map((id) => ({ id })),
      horarios,
      guardias: emptySchedule(),
      matricula: 'MN 4455',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    if (!options.pending) {
      await confirmRegistration(t.app, body.email);
      expect((await t.inject('PUT', `/api/user/solicitudes/${userId}`, t.admin, {})).statusCode).toBe(200);
    }
    return { id: profesionalId, userId, nombre: body.nombre, email: body.email };
  }

  async function affiliateOf(obraSocialId: number | null) {
    const osId = obraSocialId ?? (await createObraSocial(t.app, t.admin)).id;
    const afiliado = await createAfiliado(t.app, t.admin, osId);
    if (obraSocialId === null) {
      // An affiliate whose insurer was deleted keeps no insurer.
      await t.inject('DELETE', '/api/obra-sociales', t.admin, { ids: [osId] });
    }
    return { ...afiliado, auth: await afiliadoAuth(t.app, afiliado.id) };
  }

  describe('GET /api/profesionales/obrasocial', () => {
    it("lists only the approved providers of the affiliate's insurer, with the directory's fields and nothing else", async () => {
      const osde = await createObraSocial(t.app, t.admin);
      const otra = await createObraSocial(t.app, t.admin);
      const mine = await dentist([osde.id], { nombre: 'Ana Directorio' });
      const both = await dentist([osde.id, otra.id], { nombre: 'Berta Directorio' });
      const other = await dentist([otra.id], { nombre: 'Carla Otra' });
      const pending = await dentist([osde.id], { pending: true, nombre: 'Dora Pendiente' });
      const afiliado = await affiliateOf(osde.id);

      const res = await t.inject('GET', '/api/profesionales/obrasocial', afiliado.auth);
      expect(res.statusCode).toBe(200);
      const directory = directorySchema.parse(res.json());
      expect(directory.map((p) => p.id)).toEqual([mine.id, both.id]);
      expect(directory[0]).toMatchObject({
        nombre: 'Ana Directorio',
        telefono: '011 4800-1234',
        lat: '-34.595000',
        long: '-58.395000',
        localidad: 'Recoleta',
        aceptaNuevosPacientes: true,
        horarios: { L: { enabled: true, times: [{ start: '09:00', end: '13:00' }] } },
      });
      // Never the e-mail, the licence or the account.
      expect(res.body).not.toContain(mine.email);
      expect(res.body).not.toContain('MN 4455');
      expect(res.body).not.toMatch(/"(email|matricula|user|userId)"/);
      expect(directory.map((p) => p.id)).not.toContain(other.id);
      expect(directory.map((p) => p.id)).not.toContain(pending.id);
    });

    it("gives a provider's specialties without GUARDIAS: on call is said by the guards' hours", async () => {
      const os = await createObraSocial(t.app, t.admin);
      const d = await dentist([os.id]);
      const catalogue = (await t.inject('GET', '/api/especialidades', t.admin)).json() as {
        id: number;
        nombre: string;
      }[];
      const pick = (nombre: string) => catalogue.find((e) => e.nombre === nombre)!;
      const profile = (await t.inject('GET', `/api/profesionales/${d.id}`, t.admin)).json();
      const guardias = emptySchedule();
      guardias.S = { enabled: true, times: [{ start: '08:00', end: '20:00' }] };
      const saved = await t.inject('PUT', `/api/profesionales/${d.id}`, t.admin, {
        ...profile,
        especialidades: [{ id: pick('GUARDIAS').id }, { id: pick('Endodoncia').id }],
        guardias,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const afiliado = await affiliateOf(os.id);

      const [listed] = directorySchema.parse(
        (await t.inject('GET', '/api/profesionales/obrasocial', afiliado.auth)).json(),
      );
      expect(listed!.especialidades).toEqual([{ id: pick('Endodoncia').id, nombre: 'Endodoncia' }]);
      expect(listed!.guardias.S).toEqual({ enabled: true, times: [{ start: '08:00', end: '20:00' }] });
    });

    it('leaves out a deleted provider at once, and answers 304 to a client holding the same version', async () => {
      const os = await createObraSocial(t.app, t.admin);
      const a = await dentist([os.id]);
      const b = await dentist([os.id]);
      const afiliado = await affiliateOf(os.id);
      const first = await t.inject('GET', '/api/profesionales/obrasocial', afiliado.auth);
      const etag = first.headers.etag as string;
      expect(
        first
          .json()
          .map((p: { id: number }) => p.id)
          .sort(),
      ).toEqual([a.id, b.id].sort());

      const again = await t.app.inject({
        method: 'GET',
        url: '/api/profesionales/obrasocial',
        headers: { ...afiliado.auth, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      // A proxy may weaken the tag or send several: the one held still counts.
      const weak = await t.app.inject({
        method: 'GET',
        url: '/api/profesionales/obrasocial',
        headers: { ...afiliado.auth, 'if-none-match': `"otra", W/${etag}` },
      });
      expect(weak.statusCode).toBe(304);

      expect((await t.inject('DELETE', `/api/profesionales/${a.id}`, t.admin)).statusCode).toBe(204);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/profesionales/obrasocial',
        headers: { ...afiliado.auth, 'if-none-match': etag },
      });
      expect(after.statusCode).toBe(200);
      expect(after.json().map((p: { id: number }) => p.id)).toEqual([b.id]);
    });

    it('follows an edit: a provider that stops taking the insurer leaves, a changed phone shows', async () => {
      const os = await createObraSocial(t.app, t.admin);
      const otra = await createObraSocial(t.app, t.admin);
      const a = await dentist([os.id]);
      const b = await dentist([os.id]);
      const afiliado = await affiliateOf(os.id);
      expect((await t.inject('GET', '/api/profesionales/obrasocial', afiliado.auth)).json()).toHaveLength(2);

      const current = (await t.inject('GET', `/api/profesionales/${a.id}`, t.admin)).json();
      const moved = await t.inject('PUT', `/api/profesionales/${a.id}`, t.admin, {
        ...current,
        especialidades: [],
        obrasSociales: [{ id: otra.id }],
        zonas: undefined,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const currentB = (await t.inject('GET', `/api/profesionales/${b.id}`, t.admin)).json();
      await t.inject('PUT', `/api/profesionales/${b.id}`, t.admin, {
        ...currentB,
        telefono: '0221 555-0000',
        especialidades: [],
        obrasSociales: [{ id: os.id }],
      });
      const directory = (await t.inject('GET', '/api/profesionales/obrasocial', afiliado.auth)).json();
      expect(directory).toEqual([expect.objectContaining({ id: b.id, telefono: '0221 555-0000' })]);
    });

    it('is gzipped for a client that accepts it', async () => {
      const os = await createObraSocial(t.app, t.admin);
      await dentist([os.id]);
      const afiliado = await affiliateOf(os.id);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/profesionales/obrasocial',
        headers: { ...afiliado.auth, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(directorySchema.parse(JSON.parse(gunzipSync(res.rawPayload).toString()))).toHaveLength(1);
    });

    it('is empty for an affiliate without an insurer, and refused to anyone but an affiliate', async () => {
      const sinObra = await affiliateOf(null);
      const res = await t.inject('GET', '/api/profesionales/obrasocial', sinObra.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect((await t.inject('GET', '/api/profesionales/obrasocial')).statusCode).toBe(401);
      expect((await t.inject('GET', '/api/profesionales/obrasocial', t.staff)).statusCode).toBe(403);
      const d = await dentist([]);
      const own = await loginAs(t.app, d.email, buildRegistroInput().password);
      expect((await t.inject('GET', '/api/profesionales/obrasocial', own)).statusCode).toBe(403);
    });
  });

  describe('reports on a listing', () => {
    it('lets an affiliate report a provider of their directory; staff see it open and close it', async () => {
      const os = await createObraSocial(t.app, t.admin);
      const d = await dentist([os.id]);
      const afiliado = await affiliateOf(os.id);
      const sent = await t.inject('POST', `/api/profesionales/${d.id}/reportes`, afiliado.auth, {
        motivo: 'El teléfono ya no corresponde al consultorio',
      });
      expect(sent.statusCode).toBe(201);

      const open = await t.inject('GET', `/api/profesionales/${d.id}/reportes`, t.staff);
      expect(open.statusCode).toBe(200);
      expect(open.json()).toEqual([
        {
          id: sent.json().id,
          motivo: 'El teléfono ya no corresponde al consultorio',
          createdAt: expect.any(String),
          afiliado: { nombre: afiliado.nombre, documento: afiliado.documento },
        },
      ]);
      const dentistAuth = await loginAs(t.app, d.email, buildRegistroInput().password);
      expect((await t.inject('GET', `/api/profesionales/${d.id}/reportes`, dentistAuth)).statusCode).toBe(
        403,
      );

      const closed = await t.inject('PUT', `/api/reportes/${sent.json().id}`, t.staff, { estado: 'cerrado' });
      expect(closed.statusCode).toBe(204);
      expect((await t.inject('GET', `/api/profesionales/${d.id}/reportes`, t.staff)).json()).toEqual([]);
    });

    it(`allows ${REPORTES_POR_DIA} reports a day per affiliate, then says why it refuses`, async () => {
      const os = await createObraSocial(t.app, t.admin);
      const d = await dentist([os.id]);
      const afiliado = await affiliateOf(os.id);
      for (let i = 0; i < REPORTES_POR_DIA; i++) {
        const res = await t.inject('POST', `/api/profesionales/${d.id}/reportes`, afiliado.auth, {
          motivo: `La dirección está mal (${i})`,
        });
        expect(res.statusCode).toBe(201);
      }
      const refused = await t.inject('POST', `/api/profesionales/${d.id}/reportes`, afiliado.auth, {
        motivo: 'Uno más de la cuenta',
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe(MESSAGES.reportes.REPORTE_LIMIT);
      expect((await t.inject('GET', `/api/profesionales/${d.id}/reportes`, t.staff)).json()).toHaveLength(
        REPORTES_POR_DIA,
      );
      // Another affiliate has a quota of its own.
      const other = await affiliateOf(os.id);
      expect(
        (
          await t.inject('POST', `/api/profesionales/${d.id}/reportes`, other.auth, {
            motivo: 'El horario cambió',
          })
        ).statusCode,
      ).toBe(201);
    });

    it('takes the same report sent again (a queued send retried) as the one already open: one row, one count', async () => {
      const os = await createObraSocial(t.app, t.admin);
      const d = await dentist([os.id]);
      const afiliado = await affiliateOf(os.id);
      const body = { motivo: 'El teléfono ya no corresponde' };
      const first = await t.inject('POST', `/api/profesionales/${d.id}/reportes`, afiliado.auth, body);
      expect(first.statusCode).toBe(201);
      // Together, as two tabs of one phone would send a queue: still the one report.
      const again = await Promise.all([
        t.inject('POST', `/api/profesionales/${d.id}/reportes`, afiliado.auth, body),
        t.inject('POST', `/api/profesionales/${d.id}/reportes`, afiliado.auth, body),
      ]);
      expect(again.map((r) => [r.statusCode, r.json().id])).toEqual([
        [200, first.json().id],
        [200, first.json().id],
      ]);
      expect((await t.inject('GET', '/api/reportes/mios', afiliado.auth)).json()).toHaveLength(1);
      // The duplicates were not counted: four more reports still fit in the day.
      for (let i = 1; i < REPORTES_POR_DIA; i++)
        expect(
          (
            await t.inject('POST', `/api/profesionales/${d.id}/reportes`, afiliado.auth, {
              motivo: `Otro dato mal (${i})`,
            })
          ).statusCode,
        ).toBe(201);

      // Once closed, the same words are a new report.
      await t.inject('PUT', `/api/reportes/${first.json().id}`, t.staff, { estado: 'cerrado' });
      const other = await affiliateOf(os.id);
      await t.inject('POST', `/api/profesionales/${d.id}/reportes`, other.auth, body);
      const reopened = await t.inject('POST', `/api/profesionales/${d.id}/reportes`, other.auth, body);
      expect(reopened.statusCode).toBe(200);
      const closedAgain = await t.inject('GET', `/api/profesionales/${d.id}/reportes`, t.staff);
      expect(closedAgain.json().filter((r: { motivo: string }) => r.motivo === body.motivo)).toHaveLength(1);
    });

    it("refuses a provider outside the affiliate's directory (404) and a reason too short (400), counting neither", async () => {
      const os = await createObraSocial(t.app, t.admin);
      const otra = await createObraSocial(t.app, t.admin);
      const outside = await dentist([otra.id]);
      const inside = await dentist([os.id]);
      const afiliado = await affiliateOf(os.id);
      const res = await t.inject('POST', `/api/profesionales/${outside.id}/reportes`, afiliado.auth, {
        motivo: 'No atiende más',
      });
      expect(res.statusCode).toBe(404);
      const short = await t.inject('POST', `/api/profesionales/${inside.id}/reportes`, afiliado.auth, {
        motivo: 'mal',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toBe(MESSAGES.reportes.MOTIVO_TOO_SHORT);
      expect(
        (await t.inject('POST', `/api/profesionales/${inside.id}/reportes`, t.staff, { motivo: 'Un error' }))
          .statusCode,
      ).toBe(403);
      for (let i = 0; i < REPORTES_POR_DIA; i++)
        expect(
          (
            await t.inject('POST', `/api/profesionales/${inside.id}/reportes`, afiliado.auth, {
              motivo: `Error ${i}`,
            })
          ).statusCode,
        ).toBe(201);
    });
  });
});
