import { MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { sendToAfiliadosOf } from '../notificaciones/notificaciones.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createAfiliado } from './afiliados.factories.ts';

describe.each(BACKENDS)('affiliates given de baja and reactivated (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let dentist: Record<string, string>;
  let osde: { id: number; nombre: string };

  beforeAll(async () => {
    dentist = await signInWithRole(t.app, t.admin, 'PRESTADOR');
    osde = await createObraSocial(t.app, t.staff, { nombre: 'OSDE Bajas' });
  });

  const signIn = (documento: string) => t.inject('POST', '/api/afiliados/login', {}, { documento });
  const afiliadoCount = async () =>
    (
      (await t.inject('GET', '/api/obra-sociales', t.staff)).json() as { id: number; afiliadoCount: number }[]
    ).find((o) => o.id === osde.id)!.afiliadoCount;

  it('gives an affiliate de baja: the record stays, the portal refuses them, their session ends, the audit keeps it', async () => {
    const a = await createAfiliado(t.app, t.staff, osde.id);
    const session = { authorization: `Bearer ${(await signIn(a.documento)).json().token}` };
    expect((await t.inject('GET', '/api/afiliados/profile', session)).statusCode).toBe(200);
    const before = await afiliadoCount();

    expect((await t.inject('DELETE', `/api/afiliados/${a.id}`, t.staff)).statusCode).toBe(204);

    const record = await t.inject('GET', `/api/afiliados/${a.id}`, t.staff);
    expect(record.statusCode).toBe(200);
    expect(Date.parse(record.json().fechaBaja)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.inject('GET', '/api/afiliados/profile', session)).statusCode).toBe(401);
    const refused = await signIn(a.documento);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MESSAGES.AFFILIATE_INACTIVE);
    expect(await afiliadoCount()).toBe(before - 1);

    const audit = await queryRows<{ actor_label: string; afiliado_ids: number[] }>(
      t.db,
      sql`select actor_label, afiliado_ids from audit_log
          where action = 'deactivate' and entity = 'afiliado' and entity_id = ${String(a.id)}`,
    );
    expect(audit).toEqual([{ actor_label: expect.stringMatching(/^administrativo/), afiliado_ids: [a.id] }]);
  });

  it('shows a dentist checking coverage that the affiliate is de baja', async () => {
    const a = await createAfiliado(t.app, t.staff, osde.id);
    await t.inject('DELETE', `/api/afiliados/${a.id}`, t.staff);
    const [row] = (await t.inject('GET', `/api/afiliados/paginated?search=${a.documento}`, dentist)).json()
      .rows;
    expect(row).toMatchObject({ id: a.id, obraSocial: { id: osde.id }, fechaBaja: expect.any(String) });
  });

  it('answers 409 when already de baja or already active, and 404 for an unknown affiliate', async () => {
    const a = await createAfiliado(t.app, t.staff, osde.id);
    const active = await t.inject('POST', `/api/afiliados/${a.id}/reactivar`, t.staff);
    expect(active.statusCode).toBe(409);
    expect(active.json().error).toBe(MESSAGES.afiliados.ALREADY_ACTIVE);
    await t.inject('DELETE', `/api/afiliados/${a.id}`, t.staff);
    const again = await t.inject('DELETE', `/api/afiliados/${a.id}`, t.staff);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(MESSAGES.afiliados.ALREADY_INACTIVE);
    expect((await t.inject('DELETE', '/api/afiliados/999999', t.staff)).statusCode).toBe(404);
    expect((await t.inject('POST', '/api/afiliados/999999/reactivar', t.staff)).statusCode).toBe(404);
  });

  it('reactivates: the affiliate signs in again, counts again, and reads both changes among who saw their data', async () => {
    const a = await createAfiliado(t.app, t.staff, osde.id);
    await t.inject('DELETE', `/api/afiliados/${a.id}`, t.staff);
    const before = await afiliadoCount();

    const back = await t.inject('POST', `/api/afiliados/${a.id}/reactivar`, t.staff);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: a.id, fechaBaja: null });
    expect(await afiliadoCount()).toBe(before + 1);
    const login = await signIn(a.documento);
    expect(login.statusCode).toBe(200);

    const session = { authorization: `Bearer ${login.json().token}` };
    const accesos = (await t.inject('GET', '/api/afiliados/profile/accesos', session)).json().rows as {
      tipo: string;
    }[];
    expect(accesos.map((r) => r.tipo).slice(0, 2)).toEqual(['reactivacion', 'baja']);
  });

  it('sends new notifications only to active affiliates', async () => {
    const os = await createObraSocial(t.app, t.staff, { nombre: 'Notificaciones Bajas' });
    const activo = await createAfiliado(t.app, t.staff, os.id);
    const baja = await createAfiliado(t.app, t.staff, os.id);
    await t.inject('DELETE', `/api/afiliados/${baja.id}`, t.staff);
    const id = await sendToAfiliadosOf(t.app, t.staff, os.id, 'Solo activos');
    const recipients = await queryRows<{ afiliado_id: number }>(
      t.db,
      sql`select afiliado_id from notificacion_destinatarios where notificacion_id = ${id}`,
    );
    expect(recipients).toEqual([{ afiliado_id: activo.id }]);
  });

  it('leaves giving de baja and reactivating to holders of AFILIADOS.DELETE', async () => {
    const a = await createAfiliado(t.app, t.staff, osde.id);
    expect((await t.inject('DELETE', `/api/afiliados/${a.id}`, dentist)).statusCode).toBe(403);
    expect((await t.inject('POST', `/api/afiliados/${a.id}/reactivar`, dentist)).statusCode).toBe(403);
    expect((await t.inject('POST', `/api/afiliados/${a.id}/reactivar`, {})).statusCode).toBe(401);
  });
});
