import { parseMail } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, useTestApp } from '../../../test/helpers.ts';
import { freePort } from '../../../test/processes.ts';
import { startSmtp } from '../../../test/smtp-server.ts';
import { queryRows } from '../../db/client.ts';
import { sendToAfiliadosOf } from '../notificaciones/notificaciones.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';
import { createAfiliado } from './afiliados.factories.ts';

/**
 * Staff's 'Editar Afiliado' (PUT /api/afiliados/{id}): e-mail and phone under
 * the portal's rules, mailed through a real SMTP server on loopback, and the
 * document types the edit takes.
 */
describe.each(BACKENDS)("staff's edit of an affiliate (%s)", (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    smtp = await startSmtp(port);
  });
  afterAll(() => smtp?.close());
  const t = useTestApp(backend, { env: () => ({ SMTP_URL: `smtp://127.0.0.1:${port}` }), staff: true });
  let os: { id: number; nombre: string };

  beforeAll(async () => {
    os = await createObraSocial(t.app, t.staff, { nombre: 'Obra Social Edición' });
  });

  /** The body 'Guardar Afiliado' sends for the record, with the changes given. */
  const editBody = (a: { nombre: string; documento: string }, changes: Record<string, unknown> = {}) => ({
    nombre: a.nombre,
    tipoDocumento: 'DNI',
    documento: a.documento,
    fecha_nacimiento: '1980-05-17',
    obraSocial: { id: os.id },
    ...changes,
  });

  /** The mails the SMTP server received for `to`, after the outbox is drained. */
  async function mailsTo(to: string) {
    await t.app.mail.drain();
    return smtp.received.filter((m) => m.to === to).map((m) => parseMail(m.raw));
  }

  const confirmLink = (text: string) =>
    /http:\/\/reddental\.test\/confirmar-email\/([\w-]{43})/.exec(text)?.[1];

  describe('e-mail', () => {
    it('keeps a new address pending until its owner opens the mailed link, and tells the confirmed one', async () => {
      const a = await createAfiliado(t.app, t.staff, os.id);
      const first = await t.inject(
        'PUT',
        `/api/afiliados/${a.id}`,
        t.staff,
        editBody(a, { email: ' Rosa@Correo.test ' }),
      );
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        email: null,
        emailPendiente: 'rosa@correo.test',
        emailPendienteVencido: false,
      });

      // The unproven address gets no notices: a notification to the insurer's affiliates is not mailed there.
      await sendToAfiliadosOf(t.app, t.staff, os.id, 'Novedad antes de confirmar');
      const [confirmation, ...others] = await mailsTo('rosa@correo.test');
      expect(others).toEqual([]);
      expect(confirmation!.subject).toBe('Red Dental: confirme su email');
      expect(confirmation!.text).not.toContain(a.documento);
      const token = confirmLink(confirmation!.text);
      expect(token).toBeDefined();

      const confirmed = await t.inject('POST', '/api/afiliados/confirm-email', {}, { token });
      expect(confirmed.statusCode).toBe(200);
      expect((await t.inject('GET', `/api/afiliados/${a.id}`, t.staff)).json()).toMatchObject({
        email: 'rosa@correo.test',
        emailPendiente: null,
      });
      await sendToAfiliadosOf(t.app, t.staff, os.id, 'Novedad después de confirmar');
      expect((await mailsTo('rosa@correo.test')).length).toBe(2);

      // A second change: the confirmed address keeps the news and is told; the new one waits for its link.
      const second = await t.inject(
        'PUT',
        `/api/afiliados/${a.id}`,
        t.staff,
        editBody(a, { email: 'rosa.nueva@correo.test' }),
      );
      expect(second.json()).toMatchObject({
        email: 'rosa@correo.test',
        emailPendiente: 'rosa.nueva@correo.test',
      });
      const notice = (await mailsTo('rosa@correo.test')).at(-1)!;
      expect(notice.subject).toBe('Red Dental: cambio de email en el portal de afiliados');
      expect(notice.text).toContain(
        'Se pidió cambiar el email de su cuenta del portal de afiliados de Red Dental por ro***@correo.test',
      );
      expect(confirmLink((await mailsTo('rosa.nueva@correo.test'))[0]!.text)).toBeDefined();

      const [audit] = await queryRows<{ details: Record<string, unknown> }>(
        t.db,
        sql`select details from audit_log where action = 'update' and entity = 'afiliado'
              and entity_id = ${String(a.id)} order by id desc limit 1`,
      );
      expect(audit!.details).toMatchObject({
        documento: a.documento,
        email: 'pendiente',
        emailPendiente: 'rosa.nueva@correo.test',
      });
    });

    it('leaves e-mail and phone as they are when left out, and clears them with an empty text', async () => {
      const a = await createAfiliado(t.app, t.staff, os.id);
      await t.db.execute(
        sql`update afiliados set email = 'luis@correo.test', telefono = '011 4000-0000' where id = ${a.id}`,
      );
      const renamed = await t.inject(
        'PUT',
        `/api/afiliados/${a.id}`,
        t.staff,
        editBody(a, { nombre: 'Luis Renombrado' }),
      );
      expect(renamed.json()).toMatchObject({
        nombre: 'Luis Renombrado',
        email: 'luis@correo.test',
        emailPendiente: null,
        telefono: '011 4000-0000',
      });
      expect(await mailsTo('luis@correo.test')).toEqual([]);

      const cleared = await t.inject(
        'PUT',
        `/api/afiliados/${a.id}`,
        t.staff,
        editBody(a, { email: '', telefono: '' }),
      );
      expect(cleared.json()).toMatchObject({ email: null, emailPendiente: null, telefono: null });
      const [notice] = await mailsTo('luis@correo.test');
      expect(notice!.text).toContain('Se quitó esta dirección de su cuenta del portal de afiliados');
    });

    it('shows a pending address whose link ran out as such, and saving it again mails a new link', async () => {
      const a = await createAfiliado(t.app, t.staff, os.id);
      await t.inject('PUT', `/api/afiliados/${a.id}`, t.staff, editBody(a, { email: 'vence@correo.test' }));
      await t.db.execute(
        sql`update afiliados set email_token_expires_at = now() - interval '1 minute' where id = ${a.id}`,
      );
      expect((await t.inject('GET', `/api/afiliados/${a.id}`, t.staff)).json()).toMatchObject({
        emailPendiente: 'vence@correo.test',
        emailPendienteVencido: true,
      });
      const again = await t.inject(
        'PUT',
        `/api/afiliados/${a.id}`,
        t.staff,
        editBody(a, { email: 'vence@correo.test' }),
      );
      expect(again.json()).toMatchObject({
        emailPendiente: 'vence@correo.test',
        emailPendienteVencido: false,
      });
      const mails = await mailsTo('vence@correo.test');
      expect(mails.length).toBe(2);
      expect(confirmLink(mails[1]!.text)).not.toBe(confirmLink(mails[0]!.text));
    });

    it('refuses an address that is not one, in Spanish, changing and mailing nothing', async () => {
      const a = await createAfiliado(t.app, t.staff, os.id);
      for (const email of ['rosa@', 'sin arroba', `${'a'.repeat(250)}@correo.test`, 12]) {
        const res = await t.inject(
          'PUT',
          `/api/afiliados/${a.id}`,
          t.staff,
          editBody(a, { email, nombre: 'Otro Nombre' }),
        );
        expect(res.statusCode, String(email)).toBe(400);
        expect(res.json().fields).toEqual({ email: 'Email inválido' });
      }
      expect((await t.inject('GET', `/api/afiliados/${a.id}`, t.staff)).json()).toMatchObject({
        nombre: a.nombre,
        email: null,
        emailPendiente: null,
      });
    });
  });

  describe('phone', () => {
    it('takes the phone as the portal does, and refuses one too long or not a text in Spanish', async () => {
      const a = await createAfiliado(t.app, t.staff, os.id);
      const saved = await t.inject(
        'PUT',
        `/api/afiliados/${a.id}`,
        t.staff,
        editBody(a, { telefono: ' +54 9 11 4800-2290 ' }),
      );
      expect(saved.json().telefono).toBe('+54 9 11 4800-2290');

      const long = await t.inject(
        'PUT',
        `/api/afiliados/${a.id}`,
        t.staff,
        editBody(a, { telefono: '1'.repeat(51) }),
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().fields).toEqual({ telefono: 'El teléfono no puede tener más de 50 caracteres' });
      const number = await t.inject(
        'PUT',
        `/api/afiliados/${a.id}`,
        t.staff,
        editBody(a, { telefono: 1148002290 }),
      );
      expect(number.statusCode).toBe(400);
      expect(number.json().fields).toEqual({ telefono: 'El teléfono debe ser un texto' });
      // The portal holds to the same rule.
      expect((await t.inject('GET', `/api/afiliados/${a.id}`, t.staff)).json().telefono).toBe(
        '+54 9 11 4800-2290',
      );
    });
  });

  describe('permission', () => {
    it('takes the change only from whoever holds AFILIADOS.UPDATE', async () => {
      const roleWith = async (name: string, permissions: string[]) => {
        const role = await t.inject('POST', '/api/roles', t.admin, {
          name: `${name} ${Date.now()}`,
          permissions: ['BACKOFFICE_ACCESS', ...permissions],
        });
        expect(role.statusCode, role.body).toBe(201);
        const user = await createUserWithRoles(t.app, t.admin, [role.json().name]);
        return loginAs(t.app, user.email, user.password);
      };
      const loads = await roleWith('CARGA EDICION', [
        'AFILIADOS.GET',
        'AFILIADOS.CREATE',
        'AFILIADOS.DELETE',
      ]);
      const edits = await roleWith('MODIFICA EDICION', ['AFILIADOS.GET', 'AFILIADOS.UPDATE']);
      const a = await createAfiliado(t.app, t.staff, os.id);
      const refused = await t.inject(
        'PUT',
        `/api/afiliados/${a.id}`,
        loads,
        editBody(a, { email: 'no@correo.test' }),
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatch(/permiso/i);
      expect((await t.inject('GET', `/api/afiliados/${a.id}`, loads)).json().emailPendiente).toBeNull();
      expect(await mailsTo('no@correo.test')).toEqual([]);

      const taken = await t.inject(
        'PUT',
        `/api/afiliados/${a.id}`,
        edits,
        editBody(a, { email: 'si@correo.test' }),
      );
      expect(taken.statusCode).toBe(200);
      expect(taken.json().emailPendiente).toBe('si@correo.test');
    });
  });

  describe('document type', () => {
    it('takes DNI and Pasaporte on any record, and LE, LC or CI only on a record that already has it', async () => {
      const dni = await createAfiliado(t.app, t.staff, os.id);
      for (const tipo of ['LE', 'LC', 'CI']) {
        const res = await t.inject(
          'PUT',
          `/api/afiliados/${dni.id}`,
          t.staff,
          editBody(dni, { tipoDocumento: tipo }),
        );
        expect(res.statusCode, tipo).toBe(400);
        expect(res.json()).toMatchObject({
          error: 'Al editar, el tipo de documento puede ser DNI o Pasaporte',
          fields: { tipoDocumento: 'Al editar, el tipo de documento puede ser DNI o Pasaporte' },
        });
      }
      const pasaporte = await t.inject(
        'PUT',
        `/api/afiliados/${dni.id}`,
        t.staff,
        editBody(dni, { tipoDocumento: 'Pasaporte' }),
      );
      expect(pasaporte.json().tipoDocumento).toBe('Pasaporte');

      const le = await createAfiliado(t.app, t.staff, os.id, { tipoDocumento: 'LE' });
      const kept = await t.inject(
        'PUT',
        `/api/afiliados/${le.id}`,
        t.staff,
        editBody(le, { tipoDocumento: 'LE', email: 'le@correo.test' }),
      );
      expect(kept.statusCode).toBe(200);
      expect(kept.json().tipoDocumento).toBe('LE');
      const other = await t.inject(
        'PUT',
        `/api/afiliados/${le.id}`,
        t.staff,
        editBody(le, { tipoDocumento: 'CI', email: 'ci@correo.test' }),
      );
      expect(other.statusCode).toBe(400);
      expect(other.json().fields).toEqual({
        tipoDocumento: 'Al editar, el tipo de documento puede ser DNI, Pasaporte o LE',
      });
      // The refused edit wrote and mailed nothing.
      expect((await t.inject('GET', `/api/afiliados/${le.id}`, t.staff)).json().emailPendiente).toBe(
        'le@correo.test',
      );
      expect(await mailsTo('ci@correo.test')).toEqual([]);

      // Once moved to DNI, the record no longer has LE to go back to.
      expect((await t.inject('PUT', `/api/afiliados/${le.id}`, t.staff, editBody(le))).statusCode).toBe(200);
      expect(
        (await t.inject('PUT', `/api/afiliados/${le.id}`, t.staff, editBody(le, { tipoDocumento: 'LE' })))
          .statusCode,
      ).toBe(400);
    });
  });
});
