import { addDays, addMonths, type Historia, MESSAGES, type Validacion } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { deleteCounters, hitCounter } from '../../plugins/rate-limit.repository.ts';
import { afiliadoAuth } from '../afiliados/afiliados.factories.ts';
import { createConvenio, importAranceles } from '../convenios/convenios.factories.ts';
import { createPlan, createRegla } from '../planes/planes.factories.ts';
import { type Chair, createPaciente, hoy, setupChair, validar } from './prestaciones.factories.ts';
import { HISTORIA_LIMIT } from './prestaciones.service.ts';

const M = MESSAGES.prestaciones;

describe.each(BACKENDS)('the chair: history and validation (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let chair: Chair;

  beforeAll(async () => {
    chair = await setupChair(t.app, t.admin, t.staff, backend);
  });

  const historia = async (auth: Record<string, string>, documento: string) => {
    const response = await t.inject('GET', `/api/prestaciones/historia?documento=${documento}`, auth);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Historia;
  };
  const count = async (table: 'lineas' | 'atenciones') =>
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

  it('reads who the patient is, whether covered today and what the plan covers next, and audits the read', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const h = await historia(chair.ana.auth, paciente.documento);
    expect(h).toMatchObject({
      afiliado: {
        id: paciente.id,
        obraSocial: { id: chair.os.id },
        plan: { id: chair.plan.id },
        fechaAlta: '2020-01-01',
      },
      cobertura: { vigente: true, mensaje: `Cubierto hoy por ${chair.os.nombre}, ${chair.plan.nombre}` },
      atiende: true,
      hoy: hoy(),
      fechaMinima: addDays(hoy(), -30),
      lineas: [],
      proximas: [],
    });
    const accesos = await t.inject(
      'GET',
      '/api/afiliados/profile/accesos',
      await afiliadoAuth(t.app, paciente.id, { birthdateProven: true }),
    );
    expect(accesos.json().rows[0]).toMatchObject({
      nombre: chair.ana.nombre,
      rol: 'Profesional',
      tipo: 'historia',
    });

    // A dentist who does not take the insurer is told so, and cannot validate for it.
    expect((await historia(chair.ciro.auth, paciente.documento)).atiende).toBe(false);
    const refused = await validar(t.app, chair.ciro.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '01.01' }],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(M.NO_ATIENDE);
    const unknown = await t.inject('GET', '/api/prestaciones/historia?documento=99999999', chair.ana.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(M.AFILIADO_NOT_FOUND);
  });

  it('counts every read against the dentist’s hourly quota, an unknown document too; past it, 429 and nothing audited', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const me = (await t.inject('GET', '/api/user/me', chair.ana.auth)).json() as { id: number };
    const key = `quota:historia:${me.id}`;
    const audited = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from audit_log where entity = 'historia' and documento = ${paciente.documento}`,
        )
      )[0]!.n;
    // 298 reads already this hour: an unknown document is the 299th, a read the 300th, the next one too many.
    await deleteCounters(t.db, [key]);
    await hitCounter(t.db, key, HISTORIA_LIMIT.windowSeconds, 298);
    try {
      expect(
        (await t.inject('GET', '/api/prestaciones/historia?documento=99999998', chair.ana.auth)).statusCode,
      ).toBe(404);
      await historia(chair.ana.auth, paciente.documento);
      expect(await audited()).toBe(1);
      const refused = await t.inject(
        'GET',
        `/api/prestaciones/historia?documento=${paciente.documento}`,
        chair.ana.auth,
      );
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe(MESSAGES.afiliados.COVERAGE_CHECK_LIMIT);
      expect(await audited()).toBe(1);
    } finally {
      await deleteCounters(t.db, [key]);
    }
  });

  it('checks lines without writing, validates a clean visit with a code, and refuses a blocked one whole', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const lineas = [{ codigo: '05.01' }, { codigo: '02.01', pieza: 36, caras: 'o' }];
    const before = { lineas: await count('lineas'), atenciones: await count('atenciones') };

    const preview = await validar(
      t.app,
      chair.ana.auth,
      { documento: paciente.documento, lineas },
      { dryRun: true },
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ codigoValidacion: null, atencionId: null });
    expect({ lineas: await count('lineas'), atenciones: await count('atenciones') }).toEqual(before);

    const ok = await validar(t.app, chair.ana.auth, { documento: paciente.documento, lineas });
    expect(ok.statusCode, ok.body).toBe(200);
    const v = ok.json() as Validacion;
    expect(v.codigoValidacion).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(v.message).toBe(M.VALIDADA(v.codigoValidacion!));
    expect(v.lineas).toMatchObject([
      {
        codigo: '05.01',
        estado: 'validada',
        importe: 1_000_000,
        coseguro: 50_000,
        cargoOs: 950_000,
        nivel: 'ok',
      },
      {
        codigo: '02.01',
        pieza: 36,
        caras: 'O',
        estado: 'validada',
        importe: 1_000_000,
        coseguro: 100_000,
        cargoOs: 900_000,
      },
    ]);
    expect(v.totales).toEqual({ importe: 2_000_000, coseguro: 150_000, cargoOs: 1_850_000 });

    // A second cleaning the same day: blocked, with every line's results, and nothing written.
    const written = { lineas: await count('lineas'), atenciones: await count('atenciones') };
    const blocked = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '01.01' }, { codigo: '05.01' }],
    });
    expect(blocked.statusCode).toBe(422);
    const body = blocked.json();
    expect(body).toMatchObject({ error: M.BLOQUEADA, code: 'PRESTACION_BLOQUEADA', codigoValidacion: null });
    expect(body.lineas[0].nivel).toBe('ok');
    expect(body.lineas[1].resultados).toContainEqual(
      expect.objectContaining({ codigo: 'D11', nivel: 'bloqueo' }),
    );
    expect({ lineas: await count('lineas'), atenciones: await count('atenciones') }).toEqual(written);

    const accesos = await t.inject(
      'GET',
      '/api/afiliados/profile/accesos',
      await afiliadoAuth(t.app, paciente.id, { birthdateProven: true }),
    );
    expect(accesos.json().rows[0]).toMatchObject({ nombre: chair.ana.nombre, tipo: 'prestaciones' });
  });

  it('shows the history by tooth, naming the dentist only to herself, with the guarantee another dentist meets', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const ok = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '02.01', pieza: 36, caras: 'O' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const garantia = addMonths(hoy(), 24);
    const fecha = hoy().split('-').reverse().join('/');
    const hasta = garantia.split('-').reverse().join('/');

    const propia = (await historia(chair.ana.auth, paciente.documento)).lineas[0]!;
    expect(propia).toMatchObject({
      propia: true,
      prestador: chair.ana.nombre,
      pieza: 36,
      caras: 'O',
      estado: 'validada',
    });
    expect(propia.id).toEqual(expect.any(Number));
    const ajena = (await historia(chair.beto.auth, paciente.documento)).lineas[0]!;
    expect(ajena).toMatchObject({ id: null, propia: false, prestador: M.OTRO_PRESTADOR });
    expect(ajena.texto).toBe(
      `36 O: Obturación con amalgama. Cavidad simple el ${fecha} por otro prestador de la red — en garantía hasta el ${hasta}`,
    );
    expect(JSON.stringify(await historia(chair.beto.auth, paciente.documento))).not.toContain(
      chair.ana.nombre,
    );
    // A dentist who does not take the insurer learns nothing of the patient's mouth.
    expect(await historia(chair.ciro.auth, paciente.documento)).toMatchObject({
      atiende: false,
      lineas: [],
      proximas: [],
    });

    // Another dentist redoing it is told, and goes ahead; the same dentist may not bill it again.
    const redo = await validar(t.app, chair.beto.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '02.02', pieza: 36, caras: 'OM' }],
    });
    expect(redo.statusCode, redo.body).toBe(200);
    expect(redo.json().lineas[0]).toMatchObject({ nivel: 'aviso' });
    expect(redo.json().lineas[0].resultados).toContainEqual(
      expect.objectContaining({
        codigo: 'D04',
        nivel: 'aviso',
        mensaje: expect.stringContaining('otro prestador de la red'),
      }),
    );
    const again = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '02.01', pieza: 36, caras: 'O' }],
      fecha: hoy(),
    });
    expect(again.statusCode).toBe(422);
  });

  it('refuses a future date and one beyond the contract’s window, and reads rules, age and authorization', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const future = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      fecha: addDays(hoy(), 1),
      lineas: [{ codigo: '01.01' }],
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual({ fecha: M.FECHA_FUTURA });
    const late = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      fecha: addDays(hoy(), -31),
      lineas: [{ codigo: '01.01' }],
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().fields.fecha).toContain('desde el');
    const inWindow = await validar(
      t.app,
      chair.ana.auth,
      { documento: paciente.documento, fecha: addDays(hoy(), -30), lineas: [{ codigo: '01.01' }] },
      { dryRun: true },
    );
    expect(inWindow.statusCode).toBe(200);

    const check = async (linea: object, canal?: 'urgencia') => {
      const r = await validar(
        t.app,
        chair.ana.auth,
        { documento: paciente.documento, lineas: [linea as never], ...(canal && { canal }) },
        { dryRun: true },
      );
      expect(r.statusCode).toBe(200);
      return (r.json() as Validacion).lineas[0]!;
    };
    expect((await check({ codigo: '06.01', sector: 'S' })).resultados).toContainEqual(
      expect.objectContaining({ codigo: 'D08', nivel: 'bloqueo' }),
    );
    expect((await check({ codigo: '03.01', pieza: 21 })).resultados).toEqual(
      expect.arrayContaining([
        { codigo: 'D07', nivel: 'bloqueo', mensaje: 'Requiere autorización previa: pídala desde acá' },
        expect.objectContaining({ codigo: 'D05', nivel: 'aviso' }),
      ]),
    );
    const urgencia = await check({ codigo: '03.01', pieza: 21 }, 'urgencia');
    expect(urgencia).toMatchObject({ nivel: 'aviso', regularizarAntes: addDays(hoy(), 3) });
    expect((await check({ codigo: '02.01', pieza: 36, caras: 'I' })).resultados[0]).toMatchObject({
      codigo: 'D12',
      nivel: 'bloqueo',
    });
    expect((await check({ codigo: '07.01', sector: 'SD' })).resultados).toContainEqual(
      expect.objectContaining({ codigo: 'D02' }),
    );
    const bad = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '02.01', pieza: 19, caras: 'XZ' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      'lineas.0.pieza': M.PIEZA_INVALID,
      'lineas.0.caras': M.CARAS_INVALID,
    });
  });

  it('keeps the dentist’s own lines: the month, its totals, the export, the comprobante and anulment', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const ok = await validar(t.app, chair.beto.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '01.01' }, { codigo: '02.01', pieza: 11, caras: 'V' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const v = ok.json() as Validacion;

    const mine = await t.inject('GET', `/api/prestaciones?search=${paciente.documento}`, chair.beto.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      periodo: hoy().slice(0, 7),
      totales: { lineas: 2, importe: 2_000_000, coseguro: 100_000, cargoOs: 1_900_000 },
    });
    expect(mine.json().lineas[0]).toMatchObject({ codigoValidacion: v.codigoValidacion, anulable: true });

    const csv = await t.inject(
      'GET',
      `/api/prestaciones/export?formato=csv&separador=%3B&search=${paciente.documento}`,
      chair.beto.auth,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Código de validación');
    expect(csv.body).toContain(v.codigoValidacion!);

    const pdf = await t.inject(
      'GET',
      `/api/prestaciones/atenciones/${v.atencionId}/comprobante`,
      chair.beto.auth,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another dentist never reads a visit or a line of hers by id.
    const foreign = await t.inject(
      'GET',
      `/api/prestaciones/atenciones/${v.atencionId}/comprobante`,
      chair.ana.auth,
    );
    expect(foreign.statusCode).toBe(404);
    const lineaId = v.lineas[0]!.id!;
    expect(
      (await t.inject('POST', `/api/prestaciones/lineas/${lineaId}/anular`, chair.ana.auth)).statusCode,
    ).toBe(404);

    const anulada = await t.inject('POST', `/api/prestaciones/lineas/${lineaId}/anular`, chair.beto.auth);
    expect(anulada.statusCode).toBe(200);
    expect(anulada.json()).toEqual({ message: M.ANULADA });
    const twice = await t.inject('POST', `/api/prestaciones/lineas/${lineaId}/anular`, chair.beto.auth);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(M.YA_ANULADA);
    const after = await t.inject('GET', `/api/prestaciones?search=${paciente.documento}`, chair.beto.auth);
    expect(after.json().totales).toMatchObject({ lineas: 1, importe: 1_000_000 });
    // The dentist's record stays while it has lines.
    const removed = await t.inject('DELETE', `/api/profesionales/${chair.beto.id}`, t.admin);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error).toBe(MESSAGES.profesionales.HAS_PRESTACIONES);
    // An anulled consultation frees its place: it can be validated again.
    const redo = await validar(t.app, chair.beto.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '01.01' }],
    });
    expect(redo.statusCode, redo.body).toBe(200);
  });

  it('lets only dentists with a professional profile in', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const url = `/api/prestaciones/historia?documento=${paciente.documento}`;
    expect((await t.inject('GET', url, t.staff)).statusCode).toBe(403);
    expect((await t.inject('GET', url, t.admin)).statusCode).toBe(403);
    expect((await t.inject('GET', url, await afiliadoAuth(t.app, paciente.id))).statusCode).toBe(403);
    // The permission without a profile opens nothing: only a professional validates, as herself.
    const role = await t.inject('POST', '/api/roles', t.admin, {
      name: `SILLON ${backend}`.toUpperCase(),
      permissions: ['BACKOFFICE_ACCESS', 'PRESTACIONES.VALIDATE'],
    });
    expect(role.statusCode, role.body).toBe(201);
    const sinPerfil = await signInWithRole(t.app, t.admin, `SILLON ${backend}`.toUpperCase());
    const refused = await t.inject('GET', url, sinPerfil);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(M.NOT_A_PRESTADOR);
  });

  it('never lets two validations at once use the last allowed unit', async () => {
    const paciente = await createPaciente(t.app, t.staff, chair);
    const body = { documento: paciente.documento, lineas: [{ codigo: '05.01' }] };
    const answers = await Promise.all([
      validar(t.app, chair.ana.auth, body),
      validar(t.app, chair.beto.auth, body),
      validar(t.app, chair.ana.auth, body),
      validar(t.app, chair.beto.auth, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422]);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from lineas where afiliado_id = ${paciente.id}`,
    );
    expect(row!.n).toBe(1);
  });

  it('says through the route what the scenario table says: de baja, waiting period, monthly cap, token', async () => {
    await createRegla(t.app, t.admin, chair.plan.id, { objetivo: '07.01', carenciaDias: 60, topeMensual: 1 });
    const check = async (auth: Record<string, string>, documento: string, linea: object) => {
      const r = await validar(t.app, auth, { documento, lineas: [linea as never] }, { dryRun: true });
      expect(r.statusCode, r.body).toBe(200);
      return (r.json() as Validacion).lineas[0]!;
    };
    const debito = (codigo: string, nivel: string) => expect.objectContaining({ codigo, nivel });

    const reciente = await createPaciente(t.app, t.staff, chair, { fechaAlta: addDays(hoy(), -10) });
    expect(
      (await check(chair.ana.auth, reciente.documento, { codigo: '07.01', sector: 'SD' })).resultados,
    ).toContainEqual(debito('D09', 'bloqueo'));

    const paciente = await createPaciente(t.app, t.staff, chair);
    const first = await validar(t.app, chair.ana.auth, {
      documento: paciente.documento,
      lineas: [{ codigo: '07.01', sector: 'SD' }],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(
      (await check(chair.beto.auth, paciente.documento, { codigo: '07.01', sector: 'II' })).resultados,
    ).toContainEqual(debito('D10', 'bloqueo'));

    expect((await t.inject('DELETE', `/api/afiliados/${paciente.id}`, t.staff)).statusCode).toBe(204);
    expect((await check(chair.ana.auth, paciente.documento, { codigo: '01.01' })).resultados).toContainEqual(
      debito('D01', 'bloqueo'),
    );

    // An insurer whose contract asks for the affiliate's token: a line without it says so.
    const convenio = await createConvenio(t.app, t.admin, chair.otra.id, { requiereToken: true });
    const fees = await importAranceles(
      t.app,
      t.admin,
      convenio.id,
      'codigo;importe;vigente_desde\n01.01;9.000,00;01/01/2026\n',
    );
    expect(fees.statusCode, fees.body).toBe(201);
    const plan = await createPlan(t.app, t.admin, chair.otra.id, {
      codigo: `T-${backend}`,
      nombre: 'Plan con token',
    });
    await createRegla(t.app, t.admin, plan.id, { objetivo: '01.01' });
    const conToken = await createPaciente(t.app, t.staff, { os: chair.otra, plan });
    const sinToken = await check(chair.beto.auth, conToken.documento, { codigo: '01.01' });
    expect(sinToken.resultados).toContainEqual(debito('D06', 'aviso'));
    expect(sinToken.nivel).toBe('aviso');
  });
});
