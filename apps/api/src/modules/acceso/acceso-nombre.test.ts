import { MESSAGES } from '@red-dental/contracts';
import { readMails } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, loginAs, signInWithRole, uniqueEmail, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';

const M = MESSAGES.usuarios;

describe.each(BACKENDS)('an account names itself, and invitations say who invites (%s)', (backend) => {
  const t = useTestApp(backend);
  let roleId: Record<string, number>;

  beforeAll(async () => {
    const roles = (await t.inject('GET', '/api/roles', t.admin)).json() as { id: number; name: string }[];
    roleId = Object.fromEntries(roles.map((r) => [r.name, r.id]));
  });

  /** Invites someone and answers the text of the mail they get. */
  async function invitationText() {
    const email = uniqueEmail('invitada');
    const res = await t.inject('POST', '/api/user/invitaciones', t.admin, {
      nombre: 'Marta Quiroga',
      email,
      roles: [roleId.ADMINISTRATIVO],
    });
    expect(res.statusCode).toBe(201);
    await t.app.mail.drain();
    const mails = (await readMails(t.config.dataDir)).filter((m) => m.to === email);
    return { id: res.json().id as number, email, text: mails.at(-1)!.text };
  }

  it('the first administrator starts without a name, and its invitations name its address', async () => {
    const me = (await t.inject('GET', '/api/user/me', t.admin)).json();
    expect(me).toMatchObject({ user: ADMIN.email, nombre: null, professionalName: null });
    const { text } = await invitationText();
    expect(text).toContain(
      `Lo invitaron a usar el sistema de gestión de Red Dental desde la cuenta ${ADMIN.email}.`,
    );
  });

  it('sets its own name, which the session, Usuarios, the record and later invitations show', async () => {
    const res = await t.inject('PUT', '/api/user/me', t.admin, { nombre: '  Laura Méndez ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: ADMIN.email, nombre: 'Laura Méndez' });
    expect((await t.inject('GET', '/api/user/me', t.admin)).json().nombre).toBe('Laura Méndez');
    // The same token still works: a name is no reason to sign in again.
    const login = await t.inject('POST', '/api/user/login', {}, { user: ADMIN.email, pass: ADMIN.password });
    expect(login.json().user.nombre).toBe('Laura Méndez');

    const listed = (
      await t.inject('GET', `/api/user/paginated?search=${encodeURIComponent(ADMIN.email)}`, t.admin)
    ).json();
    expect(listed.rows[0]).toMatchObject({ email: ADMIN.email, nombre: 'Laura Méndez' });
    const audit = await queryRows<{ details: Record<string, unknown> }>(
      t.app.db,
      sql`select details from audit_log where entity = 'user' and action = 'update'
          and entity_id = ${String(listed.rows[0].id)} order by id desc limit 1`,
    );
    expect(audit[0]!.details).toMatchObject({ nombre: 'Laura Méndez', nombreAnterior: null });

    const { id, email, text } = await invitationText();
    expect(text).toContain(
      `Laura Méndez (${ADMIN.email}) lo invitó a usar el sistema de gestión de Red Dental.`,
    );
    // A new link says the same.
    expect((await t.inject('POST', `/api/user/invitaciones/${id}/reenviar`, t.admin)).statusCode).toBe(200);
    await t.app.mail.drain();
    const resent = (await readMails(t.config.dataDir)).filter((m) => m.to === email).at(-1)!;
    expect(resent.text).toContain(`Laura Méndez (${ADMIN.email}) lo invitó`);
  });

  it('any staff account may name itself, without permissions over accounts', async () => {
    const staff = await signInWithRole(t.app, t.admin, 'ADMINISTRATIVO');
    const res = await t.inject('PUT', '/api/user/me', staff, { nombre: 'Pedro Gómez' });
    expect(res.statusCode).toBe(200);
    expect(res.json().nombre).toBe('Pedro Gómez');
  });

  it('refuses a blank or missing name in Spanish, and a professional, whose name is their record’s', async () => {
    for (const body of [{ nombre: '   ' }, {}]) {
      const blank = await t.inject('PUT', '/api/user/me', t.admin, body);
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fields).toEqual({ nombre: M.NOMBRE_REQUIRED });
    }
    const long = await t.inject('PUT', '/api/user/me', t.admin, { nombre: 'a'.repeat(121) });
    expect(long.json().fields).toEqual({ nombre: MESSAGES.FIELD_TOO_LONG });

    const dentist = await createDentist(t.app, t.admin);
    const dentistAuth = await loginAs(t.app, dentist.email, dentist.password);
    const refused = await t.inject('PUT', '/api/user/me', dentistAuth, { nombre: 'Otro nombre' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(MESSAGES.acceso.NOMBRE_OF_PROFESSIONAL);
    expect((await t.inject('GET', '/api/user/me', dentistAuth)).json()).toMatchObject({
      professionalName: dentist.nombre,
      nombre: null,
    });
    expect((await t.inject('PUT', '/api/user/me', {}, { nombre: 'Nadie' })).statusCode).toBe(401);
  });
});
