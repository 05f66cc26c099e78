import { MESSAGES } from '@red-dental/contracts';
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
import { sendToAfiliadosOf } from '../notificaciones/notificaciones.factories.ts';
import { createAfiliado, createObraSocial } from './afiliados.factories.ts';

describe.each(BACKENDS)('affiliates given de baja and reactivated (%s)', (backend) => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let staff: Record<string, string>;
  let dentist: Record<string, string>;
  let osde: { id: number; nombre: string };

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    admin = await loginAs(ctx.app, ADMIN.email, ADMIN.password);
    staff = await signInWithRole(ctx.app, admin, 'ADMINISTRATIVO');
    dentist = await signInWithRole(ctx.app, admin, 'PRESTADOR');
    osde = await createObraSocial(ctx.app, staff, { nombre: 'OSDE Bajas' });
  });
  afterAll(() => ctx.close());

  const inject = apiCaller(() => ctx.app);
  const signIn = (documento: string) => inject('POST', '/api/afiliados/login', {}, { documento });
  const afiliadoCount = async () =>
    (
      (await inject('GET', '/api/obra-sociales', staff)).json() as { id: number; afiliadoCount: number }[]
    ).find((o) => o.id === osde.id)!.afiliadoCount;

  it('gives an affiliate de baja: the record stays, the portal refuses them, their session ends, the audit keeps it', async () => {
    const a = await createAfiliado(ctx.app, staff, osde.id);
    const session = { authorization: `Bearer ${(await signIn(a.documento)).json().token}` };
    expect((await inject('GET', '/api/afiliados/profile', session)).statusCode).toBe(200);
    const before = await afiliadoCount();

    expect((await inject('DELETE', `/api/afiliados/${a.id}`, staff)).statusCode).toBe(204);

    const record = await inject('GET', `/api/afiliados/${a.id}`, staff);
    expect(record.statusCode).toBe(200);
    expect(Date.parse(record.json().fechaBaja)).toBeGreaterThan(Date.now() - 60_000);
    expect((await inject('GET', '/api/afiliados/profile', session)).statusCode).toBe(401);
    const refused = await signIn(a.documento);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MESSAGES.AFFILIATE_INACTIVE);
    expect(await afiliadoCount()).toBe(before - 1);

    const audit = await queryRows<{ actor_label: string; afiliado_ids: number[] }>(
      ctx.database.db,
      sql`select actor_label, afiliado_ids from audit_log
          where action = 'deactivate' and entity = 'afiliado' and entity_id = ${String(a.id)}`,
    );
    expect(audit).toEqual([{ actor_label: expect.stringMatching(/^administrativo/), afiliado_ids: [a.id] }]);
  });

  it('shows a dentist checking coverage that the affiliate is de baja', async () => {
    const a = await createAfiliado(ctx.app, staff, osde.id);
    await inject('DELETE', `/api/afiliados/${a.id}`, staff);
    const [row] = (await inject('GET', `/api/afiliados/paginated?search=${a.documento}`, dentist)).json()
      .rows;
    expect(row).toMatchObject({ id: a.id, obraSocial: { id: osde.id }, fechaBaja: expect.any(String) });
  });

  it('answers 409 when already de baja or already active, and 404 for an unknown affiliate', async () => {
    const a = await createAfiliado(ctx.app, staff, osde.id);
    const active = await inject('POST', `/api/afiliados/${a.id}/reactivar`, staff);
    expect(active.statusCode).toBe(409);
    expect(active.json().error).toBe(MESSAGES.afiliados.ALREADY_ACTIVE);
    await inject('DELETE', `/api/afiliados/${a.id}`, staff);
    const again = await inject('DELETE', `/api/afiliados/${a.id}`, staff);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(MESSAGES.afiliados.ALREADY_INACTIVE);
    expect((await inject('DELETE', '/api/afiliados/999999', staff)).statusCode).toBe(404);
    expect((await inject('POST', '/api/afiliados/999999/reactivar', staff)).statusCode).toBe(404);
  });

  it('reactivates: the affiliate signs in again, counts again, and reads both changes among who saw their data', async () => {
    const a = await createAfiliado(ctx.app, staff, osde.id);
    await inject('DELETE', `/api/afiliados/${a.id}`, staff);
    const before = await afiliadoCount();

    const back = await inject('POST', `/api/afiliados/${a.id}/reactivar`, staff);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: a.id, fechaBaja: null });
    expect(await afiliadoCount()).toBe(before + 1);
    const login = await signIn(a.documento);
    expect(login.statusCode).toBe(200);

    const session = { authorization: `Bearer ${login.json().token}` };
    const accesos = (await inject('GET', '/api/afiliados/profile/accesos', session)).json().rows as {
      tipo: string;
    }[];
    expect(accesos.map((r) => r.tipo).slice(0, 2)).toEqual(['reactivacion', 'baja']);
  });

  it('sends new notifications only to active affiliates', async () => {
    const os = await createObraSocial(ctx.app, staff, { nombre: 'Notificaciones Bajas' });
    const activo = await createAfiliado(ctx.app, staff, os.id);
    const baja = await createAfiliado(ctx.app, staff, os.id);
    await inject('DELETE', `/api/afiliados/${baja.id}`, staff);
    const id = await sendToAfiliadosOf(ctx.app, staff, os.id, 'Solo activos');
    const recipients = await queryRows<{ afiliado_id: number }>(
      ctx.database.db,
      sql`select afiliado_id from notificacion_destinatarios where notificacion_id = ${id}`,
    );
    expect(recipients).toEqual([{ afiliado_id: activo.id }]);
  });

  it('leaves giving de baja and reactivating to holders of AFILIADOS.DELETE', async () => {
    const a = await createAfiliado(ctx.app, staff, osde.id);
    expect((await inject('DELETE', `/api/afiliados/${a.id}`, dentist)).statusCode).toBe(403);
    expect((await inject('POST', `/api/afiliados/${a.id}/reactivar`, dentist)).statusCode).toBe(403);
    expect((await inject('POST', `/api/afiliados/${a.id}/reactivar`, {})).statusCode).toBe(401);
  });
});
