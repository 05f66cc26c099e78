import {
  type AfiliadoDatos,
  type ConfirmacionObservada,
  ERROR_CODES,
  MESSAGES,
  type Paginated,
  type PrestacionesAfiliado,
  type Tablero,
  TOKEN_AFILIADO_HEADER,
} from '@red-dental/contracts';
import { readMails } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { afiliadoAuth } from '../afiliados/afiliados.factories.ts';
import { codigoDel, enrolarTelefono } from '../token-afiliado/token-afiliado.factories.ts';
import { type Chair, createPaciente, hoy, setupChair, validar } from './prestaciones.factories.ts';

describe.each(BACKENDS)('the affiliate’s own lines (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let chair: Chair;

  beforeAll(async () => {
    chair = await setupChair(t.app, t.admin, t.staff, `${backend}-propias`);
  });

  it('lists every line recorded on the affiliate, newest first, each dentist by name, and nobody else’s', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const otro = await createPaciente(t.app, t.staff, chair);
    const first = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '02.01', pieza: 36, caras: 'O' }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await validar(t.app, chair.beto.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '05.01' }],
    });
    expect(second.statusCode, second.body).toBe(200);
    await validar(t.app, chair.ana.auth, { documento: otro.documento, lineas: [{ codigo: '01.01' }] });

    // Health data: a session opened with the document alone is not enough, the enrolled phone is.
    const auth = await afiliadoAuth(t.app, paciente.id);
    const sinTelefono = await t.inject('GET', '/api/afiliados/profile/prestaciones', auth);
    expect(sinTelefono.statusCode).toBe(403);
    expect(sinTelefono.json()).toMatchObject({
      error: MESSAGES.prestaciones.AFILIADO_SIN_TOKEN,
      code: ERROR_CODES.TOKEN_REQUIRED,
    });
    const telefono = await enrolarTelefono(t.app, t.staff, { id: paciente.id, auth });
    const leer = (codigo: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/afiliados/profile/prestaciones',
        headers: { ...auth, [TOKEN_AFILIADO_HEADER]: codigo },
      });
    // The code the phone shows (said aloud at the chair) opens nothing; the phone proves itself with
    // the codes of its second secret, which it never shows.
    const lectura = { secreto: telefono.secretoLectura, pasoSegundos: telefono.pasoSegundos };
    expect((await leer(codigoDel(telefono))).statusCode).toBe(403);
    expect((await leer(codigoDel(lectura, Date.now() - 10 * 60_000))).statusCode).toBe(403);
    const response = await leer(codigoDel(lectura));
    expect(response.statusCode, response.body).toBe(200);
    const { lineas } = response.json() as PrestacionesAfiliado;
    expect(lineas).toEqual([
      expect.objectContaining({
        codigo: '05.01',
        pieza: null,
        estado: 'validada',
        prestador: chair.beto.nombre,
        coseguro: 50_000,
        codigoValidacion: second.json().codigoValidacion,
        fecha: hoy(),
      }),
      expect.objectContaining({
        codigo: '02.01',
        pieza: 36,
        caras: 'O',
        prestador: chair.ana.nombre,
        codigoValidacion: first.json().codigoValidacion,
      }),
    ]);
    // 'Descargar mis datos' brings the lines on that phone alone, and the phones of the token (never a secret).
    const datos = async (headers: Record<string, string>) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/afiliados/profile/datos',
          headers: { ...auth, ...headers },
        })
      ).json();
    const lejos = await datos({});
    expect(lejos.prestaciones).toBeNull();
    expect(lejos.telefonosToken).toEqual([
      expect.objectContaining({ via: 'codigo', hasta: null, fin: null, ultimoUso: null }),
    ]);
    expect(JSON.stringify(lejos)).not.toContain(telefono.secreto);
    const cerca = await datos({ [TOKEN_AFILIADO_HEADER]: codigoDel(lectura) });
    expect(cerca.prestaciones.map((l: { codigo: string }) => l.codigo)).toEqual(['05.01', '02.01']);
    // A dentist has no portal session: the affiliate's own lines are not hers to read here.
    expect((await t.inject('GET', '/api/afiliados/profile/prestaciones', chair.ana.auth)).statusCode).toBe(
      403,
    );
  });
});

describe.each(BACKENDS)('the affiliate’s answers after a visit (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let chair: Chair;

  beforeAll(async () => {
    chair = await setupChair(t.app, t.admin, t.staff, `${backend}-rsp`);
  });

  it('asks about each recent visit once; a visit that did not happen or was overcharged reaches staff’s queue', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const otro = await createPaciente(t.app, t.staff, chair);
    const limpieza = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '05.01' }],
    });
    const consulta = await validar(t.app, chair.beto.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '01.01' }],
    });
    const ajena = await validar(t.app, chair.ana.auth, {
      documento: otro.documento,
      lineas: [{ codigo: '01.01' }],
    });
    const auth = await afiliadoAuth(t.app, paciente.id);
    const telefono = await enrolarTelefono(t.app, t.staff, { id: paciente.id, auth });
    const prueba = () => ({
      ...auth,
      [TOKEN_AFILIADO_HEADER]: codigoDel({
        secreto: telefono.secretoLectura,
        pasoSegundos: telefono.pasoSegundos,
      }),
    });
    const responder = (body: object, headers: Record<string, string> = prueba()) =>
      t.app.inject({ method: 'POST', url: '/api/afiliados/profile/confirmaciones', headers, payload: body });

    const antes = (
      await t.app.inject({ method: 'GET', url: '/api/afiliados/profile/prestaciones', headers: prueba() })
    ).json() as PrestacionesAfiliado;
    expect(antes.preguntas).toEqual([
      { atencionId: consulta.json().atencionId, fecha: hoy(), prestador: chair.beto.nombre, coseguro: 0 },
      { atencionId: limpieza.json().atencionId, fecha: hoy(), prestador: chair.ana.nombre, coseguro: 50_000 },
    ]);

    // Health data: from the phone only.
    expect(
      (await responder({ atencionId: limpieza.json().atencionId, atendido: true }, auth)).statusCode,
    ).toBe(403);
    // Charged $ 800 against a copay of $ 500: observed. Not attended: observed.
    const cobrado = await responder({
      atencionId: limpieza.json().atencionId,
      atendido: true,
      cobro: 80_000,
    });
    expect(cobrado.json()).toEqual({ message: MESSAGES.prestaciones.CONFIRMACION_GRACIAS });
    expect((await responder({ atencionId: consulta.json().atencionId, atendido: false })).statusCode).toBe(
      200,
    );
    const otraVez = await responder({ atencionId: consulta.json().atencionId, atendido: true });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().error).toBe(MESSAGES.prestaciones.CONFIRMACION_YA);
    expect((await responder({ atencionId: ajena.json().atencionId, atendido: false })).statusCode).toBe(404);
    const invalid = await responder({ atencionId: limpieza.json().atencionId, atendido: true, cobro: -1 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.cobro).toBe(MESSAGES.prestaciones.COBRO_INVALID);

    const despues = (
      await t.app.inject({ method: 'GET', url: '/api/afiliados/profile/prestaciones', headers: prueba() })
    ).json() as PrestacionesAfiliado;
    expect(despues.preguntas).toEqual([]);

    // Staff's queue: the longest waiting first, with what the chair recorded.
    const cola = async (query = '') => {
      const response = await t.inject('GET', `/api/prestaciones/confirmaciones${query}`, t.staff);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Paginated<ConfirmacionObservada>;
    };
    const mias = (page: Paginated<ConfirmacionObservada>) =>
      page.rows.filter((c) => c.afiliado.id === paciente.id);
    expect(mias(await cola())).toEqual([
      expect.objectContaining({
        atencionId: limpieza.json().atencionId,
        profesional: { id: chair.ana.id, nombre: chair.ana.nombre },
        lineas: ['05.01 boca completa'],
        atendido: true,
        cobro: 80_000,
        coseguro: 50_000,
        estado: 'pendiente',
        revision: null,
      }),
      expect.objectContaining({ atencionId: consulta.json().atencionId, atendido: false, cobro: 0 }),
    ]);
    expect(mias(await cola(`?profesionalId=${chair.beto.id}`)).map((c) => c.atencionId)).toEqual([
      consulta.json().atencionId,
    ]);
    // The badge and the dashboard count them, the dashboard per dentist.
    const pendientes = (await t.inject('GET', '/api/tablero/pendientes', t.staff)).json();
    expect(pendientes.confirmaciones).toBeGreaterThanOrEqual(2);
    const tablero = (await t.inject('GET', '/api/tablero', t.admin)).json() as Tablero;
    expect(tablero.confirmaciones.porProfesional).toEqual(
      expect.arrayContaining([
        { profesionalId: chair.ana.id, nombre: chair.ana.nombre, observadas: 1, pendientes: 1 },
        { profesionalId: chair.beto.id, nombre: chair.beto.nombre, observadas: 1, pendientes: 1 },
      ]),
    );

    // Staff call the affiliate and write what they found: it leaves the queue, audited on the affiliate.
    const revisar = (atencionId: number, body: object, auth = t.staff) =>
      t.inject('PUT', `/api/prestaciones/confirmaciones/${atencionId}`, auth, body);
    const nota = 'Llamamos al afiliado: no fue atendido ese día';
    expect((await revisar(consulta.json().atencionId, { estado: 'revisada', nota })).statusCode).toBe(204);
    expect(mias(await cola()).map((c) => c.atencionId)).toEqual([limpieza.json().atencionId]);
    expect(mias(await cola('?estado=revisada'))).toEqual([
      expect.objectContaining({
        atencionId: consulta.json().atencionId,
        estado: 'revisada',
        revision: { at: expect.any(String), por: expect.any(String), nota },
      }),
    ]);
    const auditoria = await t.inject('GET', '/api/auditoria?entidad=confirmacion&accion=update', t.admin);
    expect(auditoria.json().rows[0]).toMatchObject({
      entity: 'confirmacion',
      details: { codigoValidacion: consulta.json().codigoValidacion, revisada: true, nota },
    });
    const tras = (await t.inject('GET', '/api/tablero', t.admin)).json() as Tablero;
    expect(tras.confirmaciones.porProfesional).toEqual(
      expect.arrayContaining([
        { profesionalId: chair.beto.id, nombre: chair.beto.nombre, observadas: 1, pendientes: 0 },
      ]),
    );
    // Back to pending, and answers that were not observed are not staff's to review.
    expect((await revisar(consulta.json().atencionId, { estado: 'pendiente' })).statusCode).toBe(204);
    expect(mias(await cola()).length).toBe(2);
    const bad = await revisar(consulta.json().atencionId, { estado: 'cerrada' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.estado).toBe(MESSAGES.prestaciones.CONFIRMACION_ESTADO_INVALID);
    const ninguna = await revisar(ajena.json().atencionId, { estado: 'revisada' });
    expect(ninguna.statusCode).toBe(404);
    expect(ninguna.json().error).toBe(MESSAGES.prestaciones.CONFIRMACION_OBSERVADA_NOT_FOUND);
    // A dentist reads and reviews none of it.
    expect((await t.inject('GET', '/api/prestaciones/confirmaciones', chair.ana.auth)).statusCode).toBe(403);
    expect(
      (await revisar(limpieza.json().atencionId, { estado: 'revisada' }, chair.ana.auth)).statusCode,
    ).toBe(403);

    // 'Descargar mis datos' from the phone carries the answers.
    const datos = (
      await t.app.inject({ method: 'GET', url: '/api/afiliados/profile/datos', headers: prueba() })
    ).json() as AfiliadoDatos;
    expect(datos.respuestas).toEqual([
      expect.objectContaining({ atencionId: consulta.json().atencionId, atendido: false, cobro: 0 }),
      expect.objectContaining({ atencionId: limpieza.json().atencionId, atendido: true, cobro: 80_000 }),
    ]);
  });

  it('mails the question after a validated visit to a proven address only, with the date and no health detail', async () => {
    const probado = await createPaciente(t.app, t.staff, chair);
    const sinProbar = await createPaciente(t.app, t.staff, chair);
    const email = `pregunta-${probado.documento}@correo.test`;
    const otroEmail = `pregunta-${sinProbar.documento}@correo.test`;
    await queryRows(
      t.db,
      sql`update afiliados set email = ${email}, email_confirmado_at = now() where id = ${probado.id}`,
    );
    await queryRows(t.db, sql`update afiliados set email = ${otroEmail} where id = ${sinProbar.id}`);
    for (const p of [probado, sinProbar]) {
      const r = await validar(t.app, chair.ana.auth, {
        documento: p.documento,
        lineas: [{ codigo: '02.01', pieza: 36, caras: 'O' }],
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    await t.app.mail.drain();
    const mails = await readMails(t.config.dataDir);
    const pregunta = mails.filter((m) => m.to === email);
    expect(pregunta).toHaveLength(1);
    expect(pregunta[0]!.subject).toBe('Red Dental: ¿lo atendieron?');
    const [y, m, d] = hoy().split('-');
    expect(pregunta[0]!.text).toContain(`el ${d}/${m}/${y}`);
    expect(pregunta[0]!.text).toContain('http://reddental.test/prestaciones-afiliado');
    // No dentist, code, tooth or amount.
    for (const dicho of [chair.ana.nombre, '02.01', '36', 'Obturación', '$'])
      expect(pregunta[0]!.text).not.toContain(dicho);
    expect(mails.some((m) => m.to === otroEmail)).toBe(false);
  });
});
