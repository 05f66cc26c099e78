import { MESSAGES, type TokenSecreto } from '@red-dental/contracts';
import { readMails } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, randomAddress, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { afiliadoAuth } from '../afiliados/afiliados.factories.ts';
import { type Chair, createPaciente, setupChair, validar } from '../prestaciones/prestaciones.factories.ts';
import { codigoDel } from './token-afiliado.factories.ts';

const M = MESSAGES.tokenAfiliado;
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe.each(BACKENDS)('the affiliate’s token (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let chair: Chair;

  beforeAll(async () => {
    chair = await setupChair(t.app, t.admin, t.staff, `${backend}-token`);
  });

  /** An affiliate of the chair's plan signed in to the portal, with an e-mail proven `diasAtras` days ago. */
  const afiliadoConEmail = async (diasAtras: number | null) => {
    const a = await createPaciente(t.app, t.staff, chair);
    const email = `token-${a.documento}@correo.test`;
    if (diasAtras !== null)
      await queryRows(
        t.db,
        sql`update afiliados set email = ${email},
              email_confirmado_at = now() - make_interval(days => ${diasAtras}) where id = ${a.id}`,
      );
    return { ...a, email, auth: await afiliadoAuth(t.app, a.id, { birthdateProven: true }) };
  };
  const phone = (auth: Record<string, string>) => ({ ...auth, 'user-agent': ANDROID });
  const activar = (auth: Record<string, string>, body: { enlace?: string; codigo?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/afiliados/profile/token',
      headers: { ...phone(auth), 'x-forwarded-for': randomAddress() },
      payload: body,
    });
  /** The key of the last enrolment link mailed to `to`. */
  const enlaceMandadoA = async (to: string) => {
    await t.app.mail.drain();
    const link = /http:\/\/reddental\.test\/activar-token\/([\w-]{43})/;
    const mail = (await readMails(t.config.dataDir)).filter((m) => m.to === to && link.test(m.text)).at(-1);
    expect(mail, `mail to ${to}`).toBeDefined();
    return link.exec(mail!.text)?.[1];
  };
  /** Enrols the affiliate's phone through the mailed link; answers what the phone keeps. */
  const enrolar = async (a: Awaited<ReturnType<typeof afiliadoConEmail>>) => {
    const sent = await t.inject('POST', '/api/afiliados/profile/token/enlace', a.auth);
    expect(sent.statusCode, sent.body).toBe(200);
    const response = await activar(a.auth, { enlace: await enlaceMandadoA(a.email) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TokenSecreto;
  };

  it('enrols a phone by the link mailed to an address proven days ago, and the code it computes validates once', async () => {
    const a = await afiliadoConEmail(30);
    const antes = await t.inject('GET', '/api/afiliados/profile/token', a.auth);
    expect(antes.json()).toMatchObject({ dispositivo: null, emailDesde: null });
    expect(antes.json().email).toMatch(/^t.*@correo\.test$/);

    const secreto = await enrolar(a);
    expect(secreto).toMatchObject({ afiliadoId: a.id, digitos: 6, pasoSegundos: 60, algoritmo: 'SHA1' });
    const estado = (await t.inject('GET', '/api/afiliados/profile/token', a.auth)).json();
    expect(estado.dispositivo).toMatchObject({
      etiqueta: 'Chrome en Android',
      via: 'correo',
      ultimoUso: null,
    });
    // The proven address hears of it, without the secret.
    await t.app.mail.drain();
    const aviso = (await readMails(t.config.dataDir)).filter((m) => m.to === a.email).at(-1)!;
    expect(aviso.subject).toBe('Red Dental: se activó su token en un teléfono');
    expect(aviso.text).not.toContain(secreto.secreto);

    const linea = { documento: a.documento, lineas: [{ codigo: '01.01' }] };
    const ok = await validar(t.app, chair.ana.auth, { ...linea, token: codigoDel(secreto) });
    expect(ok.statusCode, ok.body).toBe(200);
    const [atencion] = await queryRows<{ token_probado: boolean }>(
      t.db,
      sql`select token_probado from atenciones where codigo_validacion = ${ok.json().codigoValidacion}`,
    );
    expect(atencion?.token_probado).toBe(true);
    // The same code again (another visit made up with it) is refused, and nothing is written.
    const again = await validar(t.app, chair.ana.auth, { ...linea, token: codigoDel(secreto) });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ token: M.TOKEN_USADO });
    // The link works once.
    const link = await enlaceMandadoA(a.email);
    expect((await activar(a.auth, { enlace: link })).json().error).toBe(M.ACTIVACION_INVALIDA);
  });

  it('refuses an old code, another affiliate’s and a wrong one, audits them, and caps wrong tokens per affiliate', async () => {
    const a = await afiliadoConEmail(30);
    const b = await afiliadoConEmail(30);
    const sa = await enrolar(a);
    const sb = await enrolar(b);
    const linea = { documento: a.documento, lineas: [{ codigo: '01.01' }] };
    const viejo = await validar(t.app, chair.ana.auth, {
      ...linea,
      token: codigoDel(sa, Date.now() - 10 * 60_000),
    });
    expect(viejo.json().fields).toEqual({ token: M.TOKEN_INCORRECTO });
    const ajeno = await validar(t.app, chair.ana.auth, { ...linea, token: codigoDel(sb) });
    expect(ajeno.json().fields).toEqual({ token: M.TOKEN_INCORRECTO });
    const rejected = await queryRows<{ details: { motivo: string } }>(
      t.db,
      sql`select details from audit_log where action = 'reject' and entity = 'token' and documento = ${a.documento}`,
    );
    expect(rejected.map((r) => r.details.motivo)).toEqual(['incorrecto', 'incorrecto']);
    // The affiliate reads it in 'Mis accesos', with the dentist's name.
    const accesos = await t.inject('GET', '/api/afiliados/profile/accesos?pageIndex=0&pageSize=10', a.auth);
    expect(accesos.json().rows[0]).toMatchObject({ tipo: 'token_incorrecto', nombre: chair.ana.nombre });
    // A token that is not six digits is a plain 400 of the field, and counts nothing.
    const corto = await validar(t.app, chair.ana.auth, { ...linea, token: '12 34' });
    expect(corto.json().fields).toEqual({ token: M.TOKEN_INVALID });

    // Ten tries in 15 minutes from one dentist; then every try of hers is refused.
    const wrong = codigoDel(sa) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 8; i++)
      expect((await validar(t.app, chair.ana.auth, { ...linea, token: wrong })).statusCode).toBe(400);
    const capped = await validar(t.app, chair.ana.auth, { ...linea, token: codigoDel(sa) });
    expect(capped.statusCode).toBe(429);
    // Another dentist still validates with the right code.
    const beto = await validar(t.app, chair.beto.auth, { ...linea, token: codigoDel(sa) });
    expect(beto.statusCode, beto.body).toBe(200);
  });

  it('without an enrolled phone, a typed token is refused and the contract says what a missing one means', async () => {
    const a = await afiliadoConEmail(null);
    const linea = { documento: a.documento, lineas: [{ codigo: '01.01' }] };
    const typed = await validar(t.app, chair.ana.auth, { ...linea, token: '123456' });
    expect(typed.json().fields).toEqual({ token: M.TOKEN_SIN_DISPOSITIVO });
    // The contract asks for the token and refuses a line without it.
    const put = await t.inject('PUT', `/api/convenios/${chair.convenio.id}`, t.admin, {
      ...chair.convenio,
      obraSocialId: chair.os.id,
      requiereToken: true,
      tokenBloquea: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const sin = await validar(t.app, chair.ana.auth, linea);
      expect(sin.statusCode).toBe(422);
      expect(sin.json().lineas[0].resultados).toContainEqual(
        expect.objectContaining({ codigo: 'D06', nivel: 'bloqueo' }),
      );
      // As a warning where the contract says so.
      await t.inject('PUT', `/api/convenios/${chair.convenio.id}`, t.admin, {
        ...chair.convenio,
        obraSocialId: chair.os.id,
        requiereToken: true,
        tokenBloquea: false,
      });
      const aviso = await validar(t.app, chair.ana.auth, linea);
      expect(aviso.statusCode).toBe(200);
      expect(aviso.json().lineas[0].resultados).toContainEqual(
        expect.objectContaining({ codigo: 'D06', nivel: 'aviso' }),
      );
    } finally {
      await t.inject('PUT', `/api/convenios/${chair.convenio.id}`, t.admin, {
        ...chair.convenio,
        obraSocialId: chair.os.id,
        requiereToken: false,
      });
    }
  });

  it('needs more than a session to enrol: no proven e-mail, one proven today, or a guessed code enrol nothing', async () => {
    const sinEmail = await afiliadoConEmail(null);
    const none = await t.inject('POST', '/api/afiliados/profile/token/enlace', sinEmail.auth);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(M.SIN_EMAIL);
    // An address nobody proved (as an import brings it) is no address for the link.
    const importado = await afiliadoConEmail(null);
    await queryRows(t.db, sql`update afiliados set email = 'padron@correo.test' where id = ${importado.id}`);
    expect((await t.inject('GET', '/api/afiliados/profile/token', importado.auth)).json().email).toBeNull();
    expect((await t.inject('POST', '/api/afiliados/profile/token/enlace', importado.auth)).json().error).toBe(
      M.SIN_EMAIL,
    );
    const reciente = await afiliadoConEmail(1);
    expect((await t.inject('GET', '/api/afiliados/profile/token', reciente.auth)).json().emailDesde).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    const soon = await t.inject('POST', '/api/afiliados/profile/token/enlace', reciente.auth);
    expect(soon.statusCode).toBe(400);
    expect(soon.json().error).toMatch(/^Su email se confirmó hace poco/);
    const guessed = await activar(sinEmail.auth, { codigo: 'AAAA-BBBB-CCCC' });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().fields).toEqual({ codigo: M.ACTIVACION_INVALIDA });
    const count = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from token_dispositivos where afiliado_id in (${sinEmail.id}, ${reciente.id})`,
    );
    expect(count[0]!.n).toBe(0);
    // Staff and dentists have no portal session: the affiliate's routes are not theirs.
    expect((await t.inject('GET', '/api/afiliados/profile/token', chair.ana.auth)).statusCode).toBe(403);
  });

  it('enrols with the code staff print, which works once and is replaced by a reprint; staff revoke the phone', async () => {
    const a = await afiliadoConEmail(null);
    const printed = await t.inject('POST', `/api/afiliados/${a.id}/token/codigo`, t.staff);
    expect(printed.statusCode, printed.body).toBe(200);
    const { codigo, vence } = printed.json();
    expect(codigo).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(Date.parse(vence) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const reprint = (await t.inject('POST', `/api/afiliados/${a.id}/token/codigo`, t.staff)).json();
    expect((await activar(a.auth, { codigo })).json().error).toBe(M.ACTIVACION_INVALIDA);
    // Typed loosely: lower case, spaces for dashes.
    const enrolled = await activar(a.auth, { codigo: reprint.codigo.toLowerCase().replaceAll('-', ' ') });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect((await t.inject('GET', `/api/afiliados/${a.id}/token`, t.staff)).json()).toMatchObject({
      dispositivo: { via: 'codigo', etiqueta: 'Chrome en Android' },
      codigoVence: null,
    });
    // A dentist (who reads affiliates but does not edit them) cannot print or revoke.
    expect((await t.inject('POST', `/api/afiliados/${a.id}/token/codigo`, chair.ana.auth)).statusCode).toBe(
      403,
    );
    expect((await t.inject('DELETE', `/api/afiliados/${a.id}/token`, chair.ana.auth)).statusCode).toBe(403);

    const revoked = await t.inject('DELETE', `/api/afiliados/${a.id}/token`, t.staff);
    expect(revoked.json()).toEqual({ message: M.REVOCADO });
    const linea = { documento: a.documento, lineas: [{ codigo: '01.01' }] };
    const after = await validar(t.app, chair.ana.auth, {
      ...linea,
      token: codigoDel(enrolled.json()),
    });
    expect(after.json().fields).toEqual({ token: M.TOKEN_SIN_DISPOSITIVO });
    expect((await t.inject('DELETE', `/api/afiliados/${a.id}/token`, t.staff)).statusCode).toBe(404);
    const audit = await queryRows<{ action: string; entity: string }>(
      t.db,
      sql`select action, entity from audit_log where documento = ${a.documento} and entity in ('token', 'codigo_token')
          order by id`,
    );
    expect(audit).toEqual([
      { action: 'create', entity: 'codigo_token' },
      { action: 'create', entity: 'codigo_token' },
      { action: 'create', entity: 'token' },
      { action: 'delete', entity: 'token' },
    ]);
  });

  it('ends the phone’s token when the affiliate signs out, when another phone enrols, and when another affiliate signs in on it', async () => {
    const a = await afiliadoConEmail(30);
    const first = await enrolar(a);
    const second = await enrolar(a);
    const activos = async () =>
      queryRows<{ id: number; fin: string | null }>(
        t.db,
        sql`select id, fin from token_dispositivos where afiliado_id = ${a.id} order by id`,
      );
    expect(await activos()).toEqual([
      { id: first.dispositivoId, fin: 'reemplazado' },
      { id: second.dispositivoId, fin: null },
    ]);
    expect((await t.inject('POST', '/api/afiliados/logout', a.auth)).statusCode).toBe(204);
    expect((await activos()).at(-1)?.fin).toBe('cierre_sesion');
    // Anyone with the document can sign out: it is on the record, and the address hears.
    const [fin] = await queryRows<{ details: { fin: string } }>(
      t.db,
      sql`select details from audit_log where action = 'delete' and entity = 'token' and documento = ${a.documento}`,
    );
    expect(fin?.details.fin).toBe('cierre_sesion');
    await t.app.mail.drain();
    expect((await readMails(t.config.dataDir)).filter((m) => m.to === a.email).at(-1)?.subject).toBe(
      'Red Dental: su token dejó de funcionar en un teléfono',
    );

    // Another affiliate signs in on the phone: it gives the token up, proving it holds it.
    const again = await afiliadoConEmail(30);
    const held = await enrolar(again);
    const olvidar = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/afiliados/token/olvidar',
        payload: { dispositivoId: held.dispositivoId, token },
      });
    expect((await olvidar(codigoDel(held) === '000000' ? '111111' : '000000')).statusCode).toBe(204);
    expect(
      (await t.inject('GET', '/api/afiliados/profile/token', again.auth)).json().dispositivo,
    ).not.toBeNull();
    // A code already said and spent at the chair does not end it either.
    const said = codigoDel(held);
    const visit = await validar(t.app, chair.ana.auth, {
      documento: again.documento,
      lineas: [{ codigo: '01.01' }],
      token: said,
    });
    expect(visit.statusCode, visit.body).toBe(200);
    expect((await olvidar(said)).statusCode).toBe(204);
    expect(
      (await t.inject('GET', '/api/afiliados/profile/token', again.auth)).json().dispositivo,
    ).not.toBeNull();
    expect((await olvidar(codigoDel(held, Date.now() + 60_000))).statusCode).toBe(204);
    expect((await t.inject('GET', '/api/afiliados/profile/token', again.auth)).json().dispositivo).toBeNull();
  });

  it('lets only staff who edit affiliates see a phone and print a code', async () => {
    const a = await afiliadoConEmail(null);
    const consulta = await signInWithRole(t.app, t.admin, 'PRESTADOR');
    expect((await t.inject('GET', `/api/afiliados/${a.id}/token`, consulta)).statusCode).toBe(403);
    expect((await t.inject('GET', `/api/afiliados/${a.id}/token`, t.staff)).statusCode).toBe(200);
    expect((await t.inject('GET', '/api/afiliados/999999/token', t.staff)).statusCode).toBe(404);
  });
});
