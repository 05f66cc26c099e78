import { MESSAGES } from '@red-dental/contracts';
import { readMails } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, loginAs, uniqueEmail, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';
import { createUserWithRoles } from './usuarios.factories.ts';

const M = MESSAGES.usuarios;

/** Everything a help desk needs to keep accounts, and nothing else. */
const MESA_DE_AYUDA = [
  'BACKOFFICE_ACCESS',
  'USERS.GET',
  'USERS.CREATE',
  'USERS.UPDATE',
  'USERS.DELETE',
  'USERS.UPDATE_ROLE',
  'USERS.UPDATE_PASSWORD',
];

describe.each(BACKENDS)('a change to another account never reaches above the caller (%s)', (backend) => {
  const t = useTestApp(backend);
  let adminId: number;
  let mesa: Record<string, string>;
  let mesaUser: { id: number; email: string; password: string };
  const roleId: Record<string, number> = {};

  beforeAll(async () => {
    adminId = (await t.inject('GET', '/api/user/me', t.admin)).json().id;
    for (const [name, permissions] of [
      ['MESA_DE_AYUDA', MESA_DE_AYUDA],
      ['SOLO_INGRESO', ['BACKOFFICE_ACCESS']],
    ] as const) {
      const res = await t.inject('POST', '/api/roles', t.admin, { name, permissions });
      expect(res.statusCode).toBe(201);
      roleId[name] = res.json().id;
    }
    for (const r of (await t.inject('GET', '/api/roles', t.admin)).json() as { id: number; name: string }[])
      roleId[r.name] = r.id;
    mesaUser = await createUserWithRoles(t.app, t.admin, ['MESA_DE_AYUDA']);
    mesa = await loginAs(t.app, mesaUser.email, mesaUser.password);
  });

  async function mailsTo(email: string) {
    await t.app.mail.drain();
    return (await readMails(t.config.dataDir)).filter((m) => m.to === email);
  }

  const confirmedAt = async (id: number) =>
    (
      await queryRows<{ email_confirmed_at: Date | null }>(
        t.app.db,
        sql`select email_confirmed_at from users where id = ${id}`,
      )
    )[0]!.email_confirmed_at;

  it("refuses setting an administrator's password, and the administrator's password still works", async () => {
    const res = await t.inject('PUT', `/api/user/${adminId}`, mesa, { pass: 'Tomada-por-mesa-2025' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(M.OTHERS_PASSWORD);
    expect(
      (await t.inject('POST', '/api/user/login', {}, { user: ADMIN.email, pass: 'Tomada-por-mesa-2025' }))
        .statusCode,
    ).toBe(401);
    await loginAs(t.app, ADMIN.email, ADMIN.password);
  });

  it("refuses moving an administrator's e-mail, demoting or deactivating one", async () => {
    const own = uniqueEmail('buzon-de-mesa');
    for (const [method, url, body] of [
      ['PUT', `/api/user/${adminId}`, { user: own }],
      ['PUT', `/api/user/${adminId}/roles`, { roles: [roleId.SOLO_INGRESO] }],
      ['PUT', `/api/user/${adminId}/estado`, { activo: false }],
    ] as const) {
      const res = await t.inject(method, url, mesa, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe(M.TARGET_ABOVE_CALLER);
    }
    const me = (await t.inject('GET', `/api/user/${adminId}`, t.admin)).json();
    expect(me.user).toBe(ADMIN.email);
    expect(me.roles.map((r: { name: string }) => r.name)).toEqual(['ADMINISTRADOR']);
    expect(await mailsTo(own)).toEqual([]);
  });

  it("refuses moving an invited administrator's e-mail or resending the invitation", async () => {
    const email = uniqueEmail('admin-invitada');
    const invited = await t.inject('POST', '/api/user/invitaciones', t.admin, {
      nombre: 'Sofía Benítez',
      email,
      roles: [roleId.ADMINISTRADOR],
    });
    expect(invited.statusCode).toBe(201);
    const { id } = invited.json();
    const own = uniqueEmail('buzon-de-mesa');
    const moved = await t.inject('PUT', `/api/user/${id}`, mesa, { user: own });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().error).toBe(M.TARGET_ABOVE_CALLER);
    const resent = await t.inject('POST', `/api/user/invitaciones/${id}/reenviar`, mesa);
    expect(resent.statusCode).toBe(403);
    // The recovery link goes to the owner's own mailbox, so the help desk may still send one.
    expect(await mailsTo(own)).toEqual([]);
  });

  it('lets an administrator do all of it, a professional included', async () => {
    const other = await createUserWithRoles(t.app, t.admin, ['ADMINISTRADOR']);
    expect(
      (await t.inject('PUT', `/api/user/${other.id}/roles`, t.admin, { roles: [roleId.ADMINISTRATIVO] }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.inject('PUT', `/api/user/${other.id}/estado`, t.admin, { activo: false })).statusCode,
    ).toBe(200);
    const dentist = await createDentist(t.app, t.admin);
    const res = await t.inject('PUT', `/api/user/${dentist.userId}`, t.admin, {
      user: uniqueEmail('consultorio'),
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps accounts below the caller in reach: their e-mail changes, and the new address must be confirmed', async () => {
    const lesser = await createUserWithRoles(t.app, t.admin, ['SOLO_INGRESO']);
    const lesserAuth = await loginAs(t.app, lesser.email, lesser.password);
    const next = uniqueEmail('nueva-direccion');
    const res = await t.inject('PUT', `/api/user/${lesser.id}`, mesa, { user: next });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toBe(next);
    // The old address is told; the session opened under it ends.
    expect((await mailsTo(lesser.email)).map((m) => m.subject)).toContain(
      'Red Dental: cambió el email de su cuenta',
    );
    expect((await t.inject('GET', '/api/user/me', lesserAuth)).statusCode).toBe(401);
    expect(await confirmedAt(lesser.id)).toBeNull();

    // Until the owner opens the link, neither the owner nor staff get a recovery link to it.
    const staffLink = await t.inject('POST', `/api/user/${lesser.id}/recuperacion`, mesa);
    expect(staffLink.statusCode).toBe(409);
    expect(staffLink.json().error).toBe(M.EMAIL_UNCONFIRMED);
    const ownLink = await t.inject('POST', '/api/user/recover-password', {}, { email: next });
    expect(ownLink.statusCode).toBe(409);
    expect(ownLink.json().error).toBe(MESSAGES.acceso.EMAIL_UNCONFIRMED_RECOVERY);
    const mails = await mailsTo(next);
    expect(mails.map((m) => m.subject)).toEqual([
      'Red Dental: confirme su nueva dirección de email',
      'Red Dental: confirme su nueva dirección de email',
    ]);
    expect(mails.some((m) => m.links.some((l) => l.includes('/recover-password/')))).toBe(false);

    // The first link died when the second was sent; the second proves the address once.
    const token = (m: (typeof mails)[number]) =>
      m.links.find((l) => l.includes('/confirmar-email-cuenta/'))!.split('/confirmar-email-cuenta/')[1]!;
    expect(
      (await t.inject('POST', '/api/user/confirm-email', {}, { token: token(mails[0]!) })).statusCode,
    ).toBe(400);
    const confirmed = await t.inject('POST', '/api/user/confirm-email', {}, { token: token(mails[1]!) });
    expect(confirmed.json()).toEqual({ message: M.EMAIL_CONFIRMED });
    const again = await t.inject('POST', '/api/user/confirm-email', {}, { token: token(mails[1]!) });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(M.EMAIL_TOKEN_INVALID);
    expect(await confirmedAt(lesser.id)).not.toBeNull();
    expect((await t.inject('POST', '/api/user/recover-password', {}, { email: next })).statusCode).toBe(200);
    expect((await mailsTo(next)).some((m) => m.links.some((l) => l.includes('/recover-password/')))).toBe(
      true,
    );
  });

  it("refuses setting even a lesser account's password: its owner chooses one through a link", async () => {
    const lesser = await createUserWithRoles(t.app, t.admin, ['SOLO_INGRESO']);
    for (const auth of [mesa, t.admin]) {
      const res = await t.inject('PUT', `/api/user/${lesser.id}`, auth, { pass: 'Elegida-por-otro-2025' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(M.OTHERS_PASSWORD);
    }
    expect((await t.inject('POST', `/api/user/${lesser.id}/recuperacion`, mesa)).statusCode).toBe(200);
    await loginAs(t.app, lesser.email, lesser.password);
  });

  it("holds an invitee's changed address until confirmed before another invitation goes to it", async () => {
    const email = uniqueEmail('invitado-lector');
    const { id } = (
      await t.inject('POST', '/api/user/invitaciones', mesa, {
        nombre: 'Iván Duarte',
        email,
        roles: [roleId.SOLO_INGRESO],
      })
    ).json();
    const next = uniqueEmail('invitado-nuevo');
    expect((await t.inject('PUT', `/api/user/${id}`, mesa, { user: next })).statusCode).toBe(200);
    const resent = await t.inject('POST', `/api/user/invitaciones/${id}/reenviar`, mesa);
    expect(resent.statusCode).toBe(409);
    expect(resent.json().error).toBe(M.EMAIL_UNCONFIRMED);
    const [confirmation] = await mailsTo(next);
    const token = confirmation!.links
      .find((l) => l.includes('/confirmar-email-cuenta/'))!
      .split('/confirmar-email-cuenta/')[1]!;
    expect((await t.inject('POST', '/api/user/confirm-email', {}, { token })).statusCode).toBe(200);
    expect((await t.inject('POST', `/api/user/invitaciones/${id}/reenviar`, mesa)).statusCode).toBe(200);
    expect((await mailsTo(next)).some((m) => m.links.some((l) => l.includes('/invitacion/')))).toBe(true);
  });

  it('ends the sessions of an account whose roles change', async () => {
    const lesser = await createUserWithRoles(t.app, t.admin, ['SOLO_INGRESO']);
    const lesserAuth = await loginAs(t.app, lesser.email, lesser.password);
    const res = await t.inject('PUT', `/api/user/${lesser.id}/roles`, mesa, {
      roles: [roleId.MESA_DE_AYUDA],
    });
    expect(res.statusCode).toBe(200);
    expect((await t.inject('GET', '/api/user/me', lesserAuth)).statusCode).toBe(401);
  });
});
