import type { Registro } from '@red-dental/contracts';
import { buildRegistroInput, readMails } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, loginAs, randomAddress, uniqueEmail, useTestApp } from '../../../test/helpers.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';
import { confirmRegistration } from './registro.factories.ts';

describe.each(BACKENDS)("professionals' self-registration and staff's decision on it (%s)", (backend) => {
  const t = useTestApp(backend);

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: randomAddress(),
    });
  const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url,
      payload: payload as object,
      headers,
      remoteAddress: randomAddress(),
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  async function register(overrides: Partial<Registro> = {}) {
    const body = buildRegistroInput(overrides);
    const res = await post('/api/registro', body);
    return { res, body };
  }

  /** The mails written to DATA_DIR/mail for one recipient, oldest first. */
  async function mailsTo(email: string) {
    await t.app.mail.drain();
    return (await readMails(t.config.dataDir)).filter((m) => m.to === email);
  }

  describe('registration and approval', () => {
    /** The confirmation token in the newest sign-up mail to `email`. */
    async function confirmationToken(email: string) {
      const link = (await mailsTo(email))
        .flatMap((m) => m.links)
        .findLast((l) => l.includes('/confirmar-registro/'));
      expect(link).toMatch(/^http:\/\/reddental\.test\/confirmar-registro\/[\w-]{43}$/);
      return link!.slice(link!.lastIndexOf('/') + 1);
    }

    it('registers a pending professional who must confirm the address, then be approved, to sign in', async () => {
      const { res, body } = await register({ matricula: 'MP 4567', matriculaJurisdiccion: 'Córdoba' });
      expect(res.statusCode).toBe(201);
      const { id } = res.json();
      expect(id).toEqual(expect.any(Number));

      const [received] = await mailsTo(body.email);
      expect(received?.subject).toBe('Red Dental: confirme su email para completar el registro');
      // The address is not verified yet: the mail repeats nothing the applicant typed.
      expect(received?.text).not.toContain(body.nombre);
      const token = await confirmationToken(body.email);

      const unconfirmed = await post('/api/user/login', { user: body.email, pass: body.password });
      expect(unconfirmed.statusCode).toBe(403);
      expect(unconfirmed.json().error).toBe(
        'Todavía no confirmó su email. Abra el enlace que le enviamos o pida uno nuevo con "Reenviar email de confirmación".',
      );

      const list = await get('/api/profesionales/solicitudes', t.admin);
      expect(list.statusCode).toBe(200);
      const request = list.json().find((s: { email: string }) => s.email === body.email);
      expect(request).toMatchObject({
        nombre: body.nombre,
        razonSocial: body.razonSocial,
        emailConfirmado: false,
        user: { id },
        matricula: 'MP 4567',
        matriculaJurisdiccion: 'Córdoba',
      });

      // Staff cannot accept an address nobody proved.
      const early = await put(`/api/user/solicitudes/${id}`, {}, t.admin);
      expect(early.statusCode).toBe(409);
      expect(early.json().error).toBe(
        'El profesional todavía no confirmó su email. La solicitud podrá aceptarse cuando abra el enlace que le enviamos.',
      );

      const confirmed = await post('/api/registro/confirm-email', { token });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().message).toBe(
        'Su email quedó confirmado. Un administrador revisará su solicitud y le avisaremos por email cuando sea aprobada.',
      );
      const reused = await post('/api/registro/confirm-email', { token });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({
        code: 'TOKEN_INVALIDO',
        error:
          'El enlace de confirmación no es válido o ya venció. Puede pedir uno nuevo desde la pantalla de inicio de sesión.',
      });
      const listed = (await get('/api/profesionales/solicitudes', t.admin))
        .json()
        .find((s: { email: string }) => s.email === body.email);
      expect(listed.emailConfirmado).toBe(true);

      const pending = await post('/api/user/login', { user: body.email, pass: body.password });
      expect(pending.statusCode).toBe(403);
      expect(pending.json().error).toBe('Su solicitud de registro aún no fue aprobada');

      const approve = await put(`/api/user/solicitudes/${id}`, {}, t.admin);
      expect(approve.statusCode).toBe(200);
      expect(approve.json()).toMatchObject({ id, status: 'active', roles: [{ name: 'PRESTADOR' }] });

      const login = await post('/api/user/login', { user: body.email, pass: body.password });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.professionalName).toBe(body.nombre);
      const mails = await mailsTo(body.email);
      expect(mails).toHaveLength(2);
      expect(mails[1]?.subject).toBe('Red Dental: su solicitud fue aprobada');
      expect(mails[1]?.links).toContain('http://reddental.test/login');

      const again = await put(`/api/user/solicitudes/${id}`, {}, t.admin);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('La solicitud ya no está pendiente');
    });

    it('mails a new confirmation link on request, answering alike whether or not there is a request to confirm', async () => {
      const { body } = await register();
      const first = await confirmationToken(body.email);
      const resend = await post('/api/registro/resend-confirmation', { email: body.email });
      expect(resend.statusCode).toBe(200);
      const generic =
        'Si hay una solicitud de registro sin confirmar con ese email, le enviamos un nuevo enlace de confirmación.';
      expect(resend.json()).toEqual({ message: generic });
      const second = await confirmationToken(body.email);
      expect(second).not.toBe(first);
      // Only the newest link works.
      expect((await post('/api/registro/confirm-email', { token: first })).statusCode).toBe(400);

      const nobody = uniqueEmail('nadie');
      const unknown = await post('/api/registro/resend-confirmation', { email: nobody });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ message: generic });
      const active = await post('/api/registro/resend-confirmation', { email: ADMIN.email });
      expect(active.json()).toEqual({ message: generic });
      expect(await mailsTo(nobody)).toHaveLength(0);
      expect(await mailsTo(ADMIN.email)).toHaveLength(0);

      // A request gets a few mails an hour, however many addresses ask.
      for (let i = 0; i < 8; i++) await post('/api/registro/resend-confirmation', { email: body.email });
      expect(await mailsTo(body.email)).toHaveLength(6);
      expect(
        (await post('/api/registro/confirm-email', { token: await confirmationToken(body.email) }))
          .statusCode,
      ).toBe(200);
    });

    it('acts once on a request decided twice at the same moment', async () => {
      for (let round = 0; round < 4; round++) {
        const approvals = await register();
        await confirmRegistration(t.app, approvals.body.email);
        const twice = await Promise.all([
          put(`/api/user/solicitudes/${approvals.res.json().id}`, {}, t.admin),
          put(`/api/user/solicitudes/${approvals.res.json().id}`, {}, t.admin),
        ]);
        expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        await t.app.mail.drain();
        // The sign-up notice and one approval, never two.
        expect(await mailsTo(approvals.body.email)).toHaveLength(2);

        const contested = await register();
        await confirmRegistration(t.app, contested.body.email);
        const id = contested.res.json().id;
        const [approve, reject] = await Promise.all([
          put(`/api/user/solicitudes/${id}`, {}, t.admin),
          t.app.inject({ method: 'DELETE', url: `/api/user/rechazar/${id}`, headers: t.admin }),
        ]);
        const login = await post('/api/user/login', {
          user: contested.body.email,
          pass: contested.body.password,
        });
        if (approve.statusCode === 200) {
          // An approved dentist is never deleted by a rejection that came a moment later.
          expect(reject.statusCode).toBe(409);
          expect(login.statusCode).toBe(200);
        } else {
          expect([approve.statusCode, reject.statusCode]).toEqual([404, 204]);
          expect(login.statusCode).toBe(401);
        }
      }
    });

    it('rejects a request: the user and the provider record go, the audit log keeps who and when', async () => {
      const { body, res } = await register({ nombre: 'Pedro Rechazado' });
      const { id } = res.json();
      const motivo = 'La matrícula indicada no figura en el padrón provincial';
      const reject = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/rechazar/${id}`,
        headers: t.admin,
        payload: { motivo },
      });
      expect(reject.statusCode).toBe(204);
      const told = (await mailsTo(body.email)).at(-1);
      expect(told?.subject).toBe('Red Dental: su solicitud de registro no fue aprobada');
      expect(told?.text).toContain(`Motivo: ${motivo}`);
      const login = await post('/api/user/login', { user: body.email, pass: body.password });
      expect(login.statusCode).toBe(401);
      const list = await get('/api/profesionales/solicitudes', t.admin);
      expect(list.json().some((s: { email: string }) => s.email === body.email)).toBe(false);
      const audit = await t.db.execute(
        sql`select actor_label, action, entity, entity_id from audit_log where action = 'reject' and entity_id = ${String(id)}`,
      );
      expect((audit as unknown as { rows: unknown[] }).rows).toEqual([
        { actor_label: ADMIN.email, action: 'reject', entity: 'user', entity_id: String(id) },
      ]);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/rechazar/${id}`,
        headers: t.admin,
      });
      expect(again.statusCode).toBe(404);
    });

    it('refuses to approve or reject an active user', async () => {
      const active = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      expect((await put(`/api/user/solicitudes/${active.id}`, {}, t.admin)).statusCode).toBe(409);
      const reject = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/rechazar/${active.id}`,
        headers: t.admin,
      });
      expect(reject.statusCode).toBe(409);
      expect((await put('/api/user/solicitudes/999999', {}, t.admin)).statusCode).toBe(404);
    });

    it('guards the request endpoints: 401 without token, 403 without ACCEPT_REQUEST', async () => {
      const staff = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
      const staffAuth = await loginAs(t.app, staff.email, staff.password);
      expect((await get('/api/profesionales/solicitudes')).statusCode).toBe(401);
      expect((await get('/api/profesionales/solicitudes', staffAuth)).statusCode).toBe(403);
      // The guard runs before validation: no permission is 403 even with a bad id.
      expect((await put('/api/user/solicitudes/abc', {}, staffAuth)).statusCode).toBe(403);
      expect((await put('/api/user/solicitudes/1', {})).statusCode).toBe(401);
      const del = await t.app.inject({ method: 'DELETE', url: '/api/user/rechazar/1', headers: staffAuth });
      expect(del.statusCode).toBe(403);
    });

    it('validates every field with the product Spanish messages', async () => {
      const empty = await post('/api/registro', { nombre: '', email: '', password: '', razonSocial: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toEqual({
        nombre: 'El nombre es requerido',
        email: 'El email es requerido',
        password: 'La contraseña es requerida',
        razonSocial: 'La razón social es requerida',
      });
      const short = await post('/api/registro', {
        nombre: 'Al',
        email: 'no-es-mail',
        password: 'corta',
        razonSocial: 'X',
      });
      expect(short.json().fields).toEqual({
        nombre: 'El nombre debe tener al menos 3 caracteres',
        email: 'El email no es válido',
        password: 'La contraseña debe tener al menos 8 caracteres',
      });
      const missing = await post('/api/registro', {});
      expect(missing.json().fields.nombre).toBe('El nombre es requerido');
      const long = await register({ nombre: 'N'.repeat(201) });
      expect(long.res.statusCode).toBe(400);
    });

    it('refuses a second account with the same e-mail, writing nothing', async () => {
      const first = await register();
      expect(first.res.statusCode).toBe(201);
      const second = await register({ email: first.body.email.toUpperCase(), nombre: 'Otra Persona' });
      expect(second.res.statusCode).toBe(409);
      expect(second.res.json().error).toBe('El email ya está registrado');
      const count = await t.db.execute(
        sql`select count(*)::int as n from profesionales where nombre = 'Otra Persona'`,
      );
      expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    });
  });
});
