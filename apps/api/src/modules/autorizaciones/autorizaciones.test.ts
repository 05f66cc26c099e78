import {
  type Autorizacion,
  addDays,
  formatFecha,
  MESSAGES,
  type PrestacionesAfiliado,
  relojAutorizacion,
  type Tablero,
  TOKEN_AFILIADO_HEADER,
} from '@red-dental/contracts';
import { readMails } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, multipart, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { jpegConUbicacion } from '../../lib/image-location.factories.ts';
import { afiliadoAuth } from '../afiliados/afiliados.factories.ts';
import { createRegla } from '../planes/planes.factories.ts';
import {
  type Chair,
  createPaciente,
  hoy,
  setupChair,
  validar,
} from '../prestaciones/prestaciones.factories.ts';
import { codigoDel, enrolarTelefono } from '../token-afiliado/token-afiliado.factories.ts';

const M = MESSAGES.autorizaciones;

describe.each(BACKENDS)('prior authorization (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let chair: Chair;
  let auditor: Record<string, string>;

  beforeAll(async () => {
    chair = await setupChair(t.app, t.admin, t.staff, `${backend}-aut`);
    // Fluoride on milk teeth waits for an authorization, with no file the plan asks for.
    await createRegla(t.app, t.admin, chair.plan.id, { objetivo: '07.01', requiereAutorizacion: true });
    auditor = await signInWithRole(t.app, t.admin, 'AUDITOR ODONTOLÓGICO');
  });

  const pedir = (auth: Record<string, string>, body: object) =>
    t.inject('POST', '/api/autorizaciones', auth, body);
  const leer = async (id: number, auth: Record<string, string> = auditor) => {
    const response = await t.inject('GET', `/api/autorizaciones/${id}`, auth);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Autorizacion;
  };
  const decidir = (id: number, body: object, auth = auditor) =>
    t.inject('PUT', `/api/autorizaciones/${id}`, auth, body);

  it('approves at once what the rules decide, and a validated line uses it once', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair, { fecha_nacimiento: '2021-03-01' });
    const response = await pedir(chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '07.01', sector: 'SD' }],
      nota: 'Caries de biberón',
    });
    expect(response.statusCode, response.body).toBe(201);
    const a = response.json() as Autorizacion & { message: string };
    expect(a).toMatchObject({
      estado: 'aprobada',
      venceEl: addDays(hoy(), 90),
      respuestaAntes: null,
      items: [
        expect.objectContaining({ codigo: '07.01', sector: 'SD', estado: 'aprobado', consumido: false }),
      ],
    });
    expect(a.numero).toMatch(/^AU-[2-9A-HJKMNP-Z]{8}$/);
    expect(a.message).toBe(M.APROBADA_POR_REGLA(a.numero));

    // Without the number the chair refuses the line; with it (in any case) the line validates.
    const sin = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '07.01', sector: 'SD' }],
    });
    expect(sin.statusCode).toBe(422);
    const ok = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '07.01', sector: 'SD', autorizacion: a.numero.toLowerCase() }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await leer(a.id, chair.ana.auth)).estado).toBe('consumida');
    // Another dentist cannot use it; anulling the line gives it back for the line done right.
    const ajena = await validar(t.app, chair.beto.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '07.01', sector: 'SD', autorizacion: a.numero }],
    });
    expect(ajena.statusCode).toBe(422);
    expect(JSON.stringify(ajena.json())).toContain('no existe para este afiliado');
    const lineaId = (ok.json() as { lineas: { id: number }[] }).lineas[0]!.id;
    expect(
      (await t.inject('POST', `/api/prestaciones/lineas/${lineaId}/anular`, chair.ana.auth)).statusCode,
    ).toBe(200);
    expect((await leer(a.id, chair.ana.auth)).estado).toBe('aprobada');
    // An approval dated after the date of service does not cover the work: it was done without it.
    await t.db.execute(
      sql`update autorizaciones set decidida_at = now() + interval '1 day' where id = ${a.id}`,
    );
    const despues = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '07.01', sector: 'SD', autorizacion: a.numero }],
    });
    expect(despues.statusCode).toBe(422);
    expect(JSON.stringify(despues.json())).toContain(
      `La autorización ${a.numero} se aprobó el ${formatFecha(addDays(hoy(), 1))}, después de la atención del ${formatFecha(hoy())}: no la cubre`,
    );
    await t.db.execute(sql`update autorizaciones set decidida_at = now() where id = ${a.id}`);
    const otraVez = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '07.01', sector: 'SD', autorizacion: a.numero }],
    });
    expect(otraVez.statusCode, otraVez.body).toBe(200);
    // Another sector is not what was approved.
    const otroSector = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '07.01', sector: 'II', autorizacion: a.numero }],
    });
    expect(otroSector.statusCode).toBe(422);
    const otra = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '07.01', sector: 'SD', autorizacion: a.numero }],
    });
    expect(otra.statusCode).toBe(422);
    expect(JSON.stringify(otra.json())).toContain(`La autorización ${a.numero} ya se usó en otra prestación`);
  });

  it('sends what needs an X-ray to an auditor with the contract’s clock; observed, answered, approved in part', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const antes = Date.now();
    const response = await pedir(chair.ana.auth, {
      documento: paciente.documento,
      lineas: [
        { codigo: '03.01', pieza: 36 },
        { codigo: '03.01', pieza: 46 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const a = response.json() as Autorizacion;
    expect(a.estado).toBe('en_revision');
    const promesa = Date.parse(a.respuestaAntes!);
    expect(promesa - antes).toBeGreaterThan(47.9 * 3600_000);
    expect(promesa - antes).toBeLessThan(48.1 * 3600_000);
    const [i36, i46] = a.items;

    // Only the dentist who asked and the auditors read it; only auditors see the queue and decide.
    expect((await t.inject('GET', `/api/autorizaciones/${a.id}`, chair.beto.auth)).statusCode).toBe(404);
    expect((await t.inject('GET', '/api/auditoria-odontologica/cola', chair.ana.auth)).statusCode).toBe(403);
    expect((await decidir(a.id, { decision: 'aprobar' }, chair.ana.auth)).statusCode).toBe(403);
    const cola = await t.inject('GET', '/api/auditoria-odontologica/cola?pageSize=100', auditor);
    expect(cola.json().rows.map((r: { id: number }) => r.id)).toContain(a.id);

    // The auditor asks for an X-ray: the dentist is mailed, answers, and it is back under review.
    const pedido = 'Adjunte Rx periapical de 36';
    expect((await decidir(a.id, { decision: 'observar', nota: pedido })).statusCode).toBe(200);
    expect((await leer(a.id)).estado).toBe('observada');
    await t.app.mail.drain();
    const mails = (await readMails(t.config.dataDir)).filter((m) => m.to === chair.ana.email);
    // The mail says it was observed; what the auditor asks (a tooth) is read in the request.
    expect(mails.at(-1)?.text).toContain(`El auditor observó la autorización ${a.numero}`);
    expect(mails.at(-1)?.text).not.toContain('Rx periapical');
    expect(mails.at(-1)?.text).not.toMatch(/pieza|diente/i);
    const respuesta = await t.inject('POST', `/api/autorizaciones/${a.id}/mensajes`, chair.ana.auth, {
      texto: 'Va la Rx de 36; la 46 tiene lesión periapical',
    });
    expect(respuesta.statusCode, respuesta.body).toBe(200);
    const devuelta = await leer(a.id, chair.ana.auth);
    expect(devuelta.estado).toBe('en_revision');
    expect(devuelta.mensajes.map((m) => [m.de, m.texto])).toEqual([
      ['auditor', pedido],
      ['prestador', 'Va la Rx de 36; la 46 tiene lesión periapical'],
    ]);

    // A partial approval needs its reason and some items, not all.
    const sinMotivo = await decidir(a.id, { decision: 'aprobar_parcial', items: [i36!.id] });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().fields.motivo).toBe(M.MOTIVO_REQUIRED);
    const todas = await decidir(a.id, {
      decision: 'aprobar_parcial',
      items: [i36!.id, i46!.id],
      motivo: 'rx_insuficiente',
    });
    expect(todas.statusCode).toBe(400);
    expect(
      (await decidir(a.id, { decision: 'aprobar_parcial', items: [i36!.id], motivo: 'rx_insuficiente' }))
        .statusCode,
    ).toBe(200);
    const parcial = await leer(a.id);
    expect(parcial).toMatchObject({
      estado: 'aprobada_parcial',
      motivo: 'rx_insuficiente',
      motivoTexto: 'La radiografía no permite evaluar la pieza',
      venceEl: addDays(hoy(), 90),
    });
    expect(parcial.items.map((i) => i.estado)).toEqual(['aprobado', 'rechazado']);
    expect((await decidir(a.id, { decision: 'rechazar', motivo: 'otro' })).statusCode).toBe(409);

    // The chair: the refused tooth is refused; the approved one validates and uses it.
    const otraPieza = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '03.01', pieza: 46, autorizacion: a.numero }],
    });
    expect(otraPieza.statusCode).toBe(422);
    expect(JSON.stringify(otraPieza.json())).toContain(
      `La autorización ${a.numero} no incluye aprobada la 03.01 en pieza 46`,
    );
    const ok = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '03.01', pieza: 36, autorizacion: a.numero }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await leer(a.id)).estado).toBe('consumida');

    // Every decision is audited with the state before and after.
    const auditoria = await t.inject('GET', '/api/auditoria?entidad=autorizacion&pageSize=50', t.admin);
    const decisiones = (auditoria.json().rows as { action: string; details: { numero: string } }[])
      .filter((r) => r.details.numero === a.numero)
      .map((r) => [
        r.action,
        (r.details as { antes?: string }).antes,
        (r.details as { estado?: string }).estado,
      ]);
    expect(decisiones).toEqual([
      ['approve', 'en_revision', 'aprobada_parcial'],
      ['update', 'en_revision', 'observada'],
      ['create', undefined, 'en_revision'],
    ]);
    // The dashboard: both answers came before the promise; the first test's request the rules approved.
    const tablero = (await t.inject('GET', '/api/tablero', t.admin)).json() as Tablero;
    expect(tablero.autorizaciones).toMatchObject({ respuestas: 2, aTiempo: 2, porRegla: 1 });
  });

  it('refuses what needs no authorization or is not covered, and what was already decided or used', async () => {
    const adulto = await createPaciente(t.app, t.staff, chair);
    const noRequiere = await pedir(chair.ana.auth, {
      documento: adulto.documento,
      lineas: [{ codigo: '01.01' }],
    });
    expect(noRequiere.statusCode).toBe(400);
    expect(noRequiere.json().error).toBe(M.NO_REQUIERE);
    // Orthodontics for an adult: the plan's age rule refuses it, and nothing is asked for.
    const fueraDeEdad = await pedir(chair.ana.auth, {
      documento: adulto.documento,
      lineas: [{ codigo: '06.01', sector: 'S' }],
    });
    expect(fueraDeEdad.statusCode).toBe(422);
    expect(fueraDeEdad.json().lineas[0].resultados).toEqual([
      expect.objectContaining({ codigo: 'D08', nivel: 'bloqueo' }),
    ]);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from autorizaciones where afiliado_id = ${adulto.id}`,
    );
    expect(row?.n).toBe(0);

    const en = (
      await pedir(chair.ana.auth, {
        documento: adulto.documento,
        lineas: [{ codigo: '03.01', pieza: 11 }],
      })
    ).json() as Autorizacion;
    const rechazo = await decidir(en.id, { decision: 'rechazar' });
    expect(rechazo.json().fields.motivo).toBe(M.MOTIVO_REQUIRED);
    expect(
      (await decidir(en.id, { decision: 'rechazar', motivo: 'D04', nota: 'En garantía' })).statusCode,
    ).toBe(200);
    expect(await leer(en.id)).toMatchObject({ estado: 'rechazada', motivoTexto: 'Pieza o cara en garantía' });
    expect((await t.inject('POST', `/api/autorizaciones/${en.id}/anular`, chair.ana.auth)).statusCode).toBe(
      409,
    );
    const mensaje = await t.inject('POST', `/api/autorizaciones/${en.id}/mensajes`, chair.ana.auth, {
      texto: 'Hola',
    });
    expect(mensaje.statusCode).toBe(409);

    // The dentist withdraws one under review; another dentist cannot.
    const otra = (
      await pedir(chair.ana.auth, {
        documento: adulto.documento,
        lineas: [{ codigo: '03.01', pieza: 21 }],
      })
    ).json() as Autorizacion;
    expect(
      (await t.inject('POST', `/api/autorizaciones/${otra.id}/anular`, chair.beto.auth)).statusCode,
    ).toBe(404);
    expect((await t.inject('POST', `/api/autorizaciones/${otra.id}/anular`, chair.ana.auth)).statusCode).toBe(
      200,
    );
    expect((await leer(otra.id)).estado).toBe('anulada');
    const propias = await t.inject('GET', '/api/autorizaciones?estado=anulada', chair.ana.auth);
    expect(propias.json().rows.map((r: { id: number }) => r.id)).toContain(otra.id);
  });

  it('reads an approval past its expiry as vencida, and the chair refuses it', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair, { fecha_nacimiento: '2021-06-01' });
    const a = (
      await pedir(chair.ana.auth, {
        documento: paciente.documento,
        lineas: [{ codigo: '07.01', sector: 'SI' }],
      })
    ).json() as Autorizacion;
    const ayer = addDays(hoy(), -1);
    await queryRows(t.db, sql`update autorizaciones set vence_el = ${ayer}::date where id = ${a.id}`);
    expect((await leer(a.id)).estado).toBe('vencida');
    const tarde = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '07.01', sector: 'SI', autorizacion: a.numero }],
    });
    expect(tarde.statusCode).toBe(422);
    expect(JSON.stringify(tarde.json())).toContain('venció');
  });

  it('takes files checked by their content, without a photo’s location, readable by the dentist and the auditors, each read audited', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const a = (
      await pedir(chair.ana.auth, { documento: paciente.documento, lineas: [{ codigo: '03.01', pieza: 26 }] })
    ).json() as Autorizacion;
    expect(
      (await decidir(a.id, { decision: 'observar', nota: 'Adjunte Rx periapical de 26' })).statusCode,
    ).toBe(200);
    const subir = (content: Buffer, name: string, tipo = 'rx_pre', auth = chair.ana.auth) => {
      const form = multipart({ tipo }, { name, content, field: 'archivo', type: 'application/octet-stream' });
      return t.app.inject({
        method: 'POST',
        url: `/api/autorizaciones/${a.id}/adjuntos`,
        headers: { ...auth, ...form.headers },
        payload: form.payload,
      });
    };
    const foto = jpegConUbicacion();
    const subida = await subir(foto, 'rx 26.jpeg');
    expect(subida.statusCode, subida.body).toBe(201);
    // The answer sends the observed request back to the auditor.
    const leida = await leer(a.id);
    expect(leida.estado).toBe('en_revision');
    expect(leida.adjuntos).toEqual([
      expect.objectContaining({ tipo: 'rx_pre', nombre: 'rx 26.jpg', mime: 'image/jpeg' }),
    ]);
    const url = `/api/autorizaciones/${a.id}/adjuntos/${leida.adjuntos[0]!.id}`;
    const archivo = await t.app.inject({ method: 'GET', url, headers: auditor });
    expect(archivo.statusCode).toBe(200);
    expect(archivo.headers['content-type']).toBe('image/jpeg');
    expect(archivo.headers['x-content-type-options']).toBe('nosniff');
    expect(archivo.rawPayload.includes(Buffer.from([0xd2, 0x04, 0, 0, 0x64, 0, 0, 0]))).toBe(false);
    expect(archivo.rawPayload.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url, headers: chair.ana.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: chair.beto.auth })).statusCode).toBe(404);
    const lecturas = await t.inject('GET', '/api/auditoria?entidad=adjunto&accion=read&pageSize=50', t.admin);
    expect(
      (lecturas.json().rows as { details: { numero: string } }[]).filter(
        (r) => r.details.numero === a.numero,
      ),
    ).toHaveLength(2);

    // A renamed program, a polyglot PDF, one that runs a script, a file too big, another's request.
    const programa = await subir(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000, 1)]), 'rx.jpg');
    expect(programa.statusCode).toBe(400);
    expect(programa.json().fields.archivo).toBe(M.ADJUNTO_INVALIDO);
    const pdf = (body: string) => Buffer.from(`%PDF-1.4\n1 0 obj\n<<${body}>>\nendobj\n%%EOF\n`, 'latin1');
    const zip = Buffer.concat([pdf(''), Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
    const poliglota = await subir(
      Buffer.concat([zip, Buffer.from('%%EOF\n')]),
      'presupuesto.pdf',
      'presupuesto',
    );
    expect(poliglota.statusCode).toBe(400);
    expect(poliglota.json().fields.archivo).toBe(M.ADJUNTO_POLIGLOTA);
    const script = await subir(
      pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
      'p.pdf',
      'presupuesto',
    );
    expect(script.json().fields.archivo).toBe(M.ADJUNTO_POLIGLOTA);
    const html = await subir(
      Buffer.from('<html><script>alert(1)</script>%PDF-1.4 %%EOF'),
      'p.pdf',
      'presupuesto',
    );
    expect(html.json().fields.archivo).toBe(M.ADJUNTO_INVALIDO);
    const grande = await subir(
      Buffer.concat([foto.subarray(0, 2), Buffer.alloc(20 * 1024 * 1024, 7), Buffer.from([0xff, 0xd9])]),
      'grande.jpg',
    );
    expect(grande.statusCode).toBe(413);
    expect((await subir(foto, 'x.jpg', 'radiografia')).json().fields.tipo).toBe(M.ADJUNTO_TIPO_INVALID);
    expect((await subir(foto, 'x.jpg', 'rx_pre', chair.beto.auth)).statusCode).toBe(404);
    expect((await leer(a.id)).adjuntos).toHaveLength(1);
    const claves = await t.app.storage.list(`autorizaciones/${a.id}/`);
    let guardados = 0;
    for await (const _ of claves) guardados++;
    expect(guardados).toBe(1);

    // Once decided, it takes no more files.
    expect((await decidir(a.id, { decision: 'aprobar' })).statusCode).toBe(200);
    expect((await subir(foto, 'tarde.jpg')).statusCode).toBe(409);
  });

  it('shows the affiliate, on the phone, each request with where it stands and the promise', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const a = (
      await pedir(chair.ana.auth, { documento: paciente.documento, lineas: [{ codigo: '03.01', pieza: 36 }] })
    ).json() as Autorizacion;
    const rx = multipart(
      { tipo: 'rx_pre' },
      { name: 'rx-36.jpg', content: jpegConUbicacion(), field: 'archivo', type: 'image/jpeg' },
    );
    const subida = await t.app.inject({
      method: 'POST',
      url: `/api/autorizaciones/${a.id}/adjuntos`,
      headers: { ...chair.ana.auth, ...rx.headers },
      payload: rx.payload,
    });
    expect(subida.statusCode, subida.body).toBe(201);
    const auth = await afiliadoAuth(t.app, paciente.id);
    const telefono = await enrolarTelefono(t.app, t.staff, { id: paciente.id, auth });
    const desdeElTelefono = () => ({
      ...auth,
      [TOKEN_AFILIADO_HEADER]: codigoDel({
        secreto: telefono.secretoLectura,
        pasoSegundos: telefono.pasoSegundos,
      }),
    });
    const mias = await t.app.inject({
      method: 'GET',
      url: '/api/afiliados/profile/prestaciones',
      headers: desdeElTelefono(),
    });
    expect(mias.statusCode, mias.body).toBe(200);
    const [suya] = (mias.json() as PrestacionesAfiliado).autorizaciones;
    expect(suya).toEqual({
      numero: a.numero,
      estado: 'en_revision',
      prestador: chair.ana.nombre,
      pedida: a.pedida,
      respuestaAntes: a.respuestaAntes,
      venceEl: null,
      items: ['Tratamiento endodóntico en unirradiculares (03.01), pieza 36'],
      motivoTexto: null,
      adjuntos: [{ id: expect.any(Number), tipo: 'rx_pre', nombre: 'rx-36.jpg', mime: 'image/jpeg' }],
    });
    // The affiliate opens the X-ray from the phone, and it is recorded as theirs; not without the phone,
    // and not another's request.
    const url = `/api/afiliados/profile/autorizaciones/${a.numero}/adjuntos/${suya!.adjuntos[0]!.id}`;
    const abierta = await t.app.inject({ method: 'GET', url, headers: desdeElTelefono() });
    expect(abierta.statusCode, abierta.body).toBe(200);
    expect(abierta.headers['content-type']).toBe('image/jpeg');
    expect(abierta.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(403);
    const otro = await createPaciente(t.app, t.staff, chair);
    const otroAuth = await afiliadoAuth(t.app, otro.id);
    const otroTelefono = await enrolarTelefono(t.app, t.staff, { id: otro.id, auth: otroAuth });
    const ajena = await t.app.inject({
      method: 'GET',
      url,
      headers: {
        ...otroAuth,
        [TOKEN_AFILIADO_HEADER]: codigoDel({
          secreto: otroTelefono.secretoLectura,
          pasoSegundos: otroTelefono.pasoSegundos,
        }),
      },
    });
    expect(ajena.statusCode).toBe(404);
    const [leida] = await queryRows<{ actor_rol: string; details: { numero: string } }>(
      t.app.db,
      sql`select actor_rol, details from audit_log where entity = 'adjunto' and action = 'read'
          and ${paciente.id} = any(afiliado_ids) order by id desc limit 1`,
    );
    expect(leida).toMatchObject({ actor_rol: 'Afiliado', details: { numero: a.numero } });
    expect(relojAutorizacion(suya!, new Date(Date.parse(a.pedida) + 50 * 3600_000))).toMatch(
      /^En revisión desde hace 2 días — la respuesta estaba prometida antes del \d\d\/\d\d \d\d:\d\d$/,
    );
  });
});
