import { MESSAGES, recordatorioDatosSchema } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createDentist } from './profesionales.factories.ts';
import { runPass } from './profesionales-recordatorios.service.ts';

const M = MESSAGES.profesionales;

describe.each(BACKENDS)('reminders to confirm directory data (%s)', (backend) => {
  const t = useTestApp(backend);
  let stale: Awaited<ReturnType<typeof createDentist>>;
  let fresh: Awaited<ReturnType<typeof createDentist>>;

  const db = () => t.db;
  const mailsTo = (to: string) =>
    queryRows<{ text: string; subject: string }>(
      db(),
      sql`select text, subject from mail_outbox where template = 'recordatorio-datos' and "to" = ${to} order by id`,
    );
  const linkIn = (text: string) => /\/datos-al-dia\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
  const ageData = (id: number, days: number) =>
    db().execute(
      sql`update profesionales set datos_confirmados_at = now() - make_interval(days => ${days}) where id = ${id}`,
    );

  beforeAll(async () => {
    const os = await createObraSocial(t.app, t.admin);
    stale = await createDentist(t.app, t.admin, { nombre: 'Dra. Sofía Luna', obrasSociales: [os.id] });
    fresh = await createDentist(t.app, t.admin, { nombre: 'Dr. Pablo Sol', obrasSociales: [os.id] });
    // The office placed by hand and its hours, which the link shows with the rest.
    await db().execute(
      sql`update profesionales set lat = -32.91568, long = -60.80995, ubicacion_origen = 'manual',
            horarios = ${JSON.stringify({ L: { enabled: true, times: [{ start: '09:00', end: '13:00' }] } })}::jsonb
          where id = ${stale.id}`,
    );
    await ageData(stale.id, 120);
    await ageData(fresh.id, 10);
  });

  it('mails every provider whose data are over 90 days old, once, with a link to see and confirm them', async () => {
    expect(await runPass({ ...t.app, log: t.app.log })).toBe(1);
    const [mail] = await mailsTo(stale.email);
    expect(mail!.subject).toBe('Red Dental: ¿sus datos en la cartilla siguen al día?');
    expect(mail!.text).toContain('Hola, Dra. Sofía Luna.');
    expect(mail!.text).toMatch(/se confirmaron por última vez el \d{2}\/\d{2}\/\d{4}/);
    expect(mail!.text).toContain('http://reddental.test/mi-perfil');
    expect(await mailsTo(fresh.email)).toEqual([]);
    // The pass is hourly across instances: a second one within the hour does nothing.
    expect(await runPass({ ...t.app, log: t.app.log })).toBeUndefined();
  });

  it('shows the listing through the link, confirms it once, and refuses the link after', async () => {
    const token = linkIn((await mailsTo(stale.email))[0]!.text);
    const shown = await t.inject('GET', `/api/profesionales/recordatorio/${token}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(recordatorioDatosSchema.parse(shown.json())).toMatchObject({
      nombre: 'Dra. Sofía Luna',
      telefono: '011 4800-1234',
      lat: '-32.915680',
      long: '-60.809950',
      horarios: { L: { enabled: true, times: [{ start: '09:00', end: '13:00' }] } },
      especialidades: [],
    });
    const confirmed = await t.inject('POST', `/api/profesionales/recordatorio/${token}/confirmar`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: M.DATOS_CONFIRMADOS });
    const [row] = await queryRows<{ fresh: boolean }>(
      db(),
      sql`select datos_confirmados_at > now() - interval '1 minute' as fresh from profesionales where id = ${stale.id}`,
    );
    expect(row!.fresh).toBe(true);
    // In the account's name, as done through the link: no one signed in.
    const audit = await queryRows<{ actor_user_id: number; actor_label: string; actor_nombre: string }>(
      db(),
      sql`select actor_user_id, actor_label, actor_nombre from audit_log
          where entity = 'profesional' and entity_id = ${String(stale.id)} and details->>'recordatorio' = 'confirmado'`,
    );
    expect(audit).toEqual([
      { actor_user_id: stale.userId, actor_label: 'enlace de recordatorio', actor_nombre: 'Dra. Sofía Luna' },
    ]);

    const again = await t.inject('POST', `/api/profesionales/recordatorio/${token}/confirmar`);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(M.RECORDATORIO_LINK_INVALID);
    expect((await t.inject('GET', `/api/profesionales/recordatorio/${token}`)).statusCode).toBe(400);
  });

  it('lets staff send one by hand, never twice in 30 days, and says until when', async () => {
    const sent = await t.inject('POST', `/api/profesionales/${fresh.id}/recordatorio`, t.admin);
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await mailsTo(fresh.email)).length).toBe(1);
    const twice = await t.inject('POST', `/api/profesionales/${fresh.id}/recordatorio`, t.admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatch(
      /^Ya se le envió un recordatorio el \d{2}\/\d{2}\/\d{4}\. Puede enviarse otro desde el \d{2}\/\d{2}\/\d{4}\.$/,
    );
    await db().execute(
      sql`update profesional_recordatorios set enviado_at = now() - interval '31 days' where profesional_id = ${fresh.id}`,
    );
    expect((await t.inject('POST', `/api/profesionales/${fresh.id}/recordatorio`, t.admin)).statusCode).toBe(
      201,
    );
    const audits = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where entity = 'profesional' and entity_id = ${String(fresh.id)}
          and details->>'recordatorio' = 'enviado'`,
    );
    expect(audits[0]!.n).toBe(2);
  });

  it('refuses an expired link, an unknown provider, one not approved, and anyone but staff', async () => {
    const token = linkIn((await mailsTo(fresh.email)).at(-1)!.text);
    await db().execute(
      sql`update profesional_recordatorios set expira_at = now() - interval '1 minute' where profesional_id = ${fresh.id}`,
    );
    expect((await t.inject('POST', `/api/profesionales/recordatorio/${token}/confirmar`)).json().error).toBe(
      M.RECORDATORIO_LINK_INVALID,
    );
    expect((await t.inject('POST', '/api/profesionales/999999/recordatorio', t.admin)).statusCode).toBe(404);
    const pending = await createDentist(t.app, t.admin, { pending: true });
    const refused = await t.inject('POST', `/api/profesionales/${pending.id}/recordatorio`, t.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(M.RECORDATORIO_NOT_ACTIVE);
    const dentist = await loginAs(t.app, fresh.email, fresh.password);
    expect((await t.inject('POST', `/api/profesionales/${fresh.id}/recordatorio`, dentist)).statusCode).toBe(
      403,
    );
  });

  it("ends a deactivated account's link as an expired one is: it neither shows nor confirms", async () => {
    const os = await createObraSocial(t.app, t.admin);
    const gone = await createDentist(t.app, t.admin, {
      nombre: 'Dr. Cuenta Cerrada',
      obrasSociales: [os.id],
    });
    expect((await t.inject('POST', `/api/profesionales/${gone.id}/recordatorio`, t.admin)).statusCode).toBe(
      201,
    );
    const token = linkIn((await mailsTo(gone.email)).at(-1)!.text);
    expect((await t.inject('GET', `/api/profesionales/recordatorio/${token}`)).statusCode).toBe(200);

    const off = await t.inject('PUT', `/api/user/${gone.userId}/estado`, t.admin, { activo: false });
    expect(off.statusCode, off.body).toBe(200);
    for (const [method, url] of [
      ['GET', `/api/profesionales/recordatorio/${token}`],
      ['POST', `/api/profesionales/recordatorio/${token}/confirmar`],
    ] as const) {
      const res = await t.inject(method, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(M.RECORDATORIO_LINK_INVALID);
    }
    const [row] = await queryRows<{ datos_confirmados_at: string | null }>(
      db(),
      sql`select datos_confirmados_at from profesionales where id = ${gone.id}`,
    );
    expect(row!.datos_confirmados_at).toBeNull();
  });
});
