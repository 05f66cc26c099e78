import {
  ERROR_CODES,
  MESSAGES,
  type PrestacionesAfiliado,
  TOKEN_AFILIADO_HEADER,
} from '@red-dental/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from '../../../test/helpers.ts';
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

    const cola = await t.inject('GET', '/api/prestaciones/confirmaciones', t.staff);
    expect(cola.statusCode).toBe(200);
    const mias = (cola.json() as { afiliado: { id: number } }[]).filter((c) => c.afiliado.id === paciente.id);
    expect(mias).toEqual([
      expect.objectContaining({
        atencionId: limpieza.json().atencionId,
        profesional: { id: chair.ana.id, nombre: chair.ana.nombre },
        atendido: true,
        cobro: 80_000,
        coseguro: 50_000,
      }),
      expect.objectContaining({ atencionId: consulta.json().atencionId, atendido: false, cobro: 0 }),
    ]);
    expect((await t.inject('GET', '/api/prestaciones/confirmaciones', chair.ana.auth)).statusCode).toBe(403);
  });
});
