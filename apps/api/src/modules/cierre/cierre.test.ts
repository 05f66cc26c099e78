import {
  addDays,
  type Liquidacion,
  type LiquidacionFila,
  type Lote,
  networkClock,
  type PeriodoDetalle,
  type PeriodoResumen,
  periodoSiguiente,
  periodoText,
} from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createRegla } from '../planes/planes.factories.ts';
import { type Chair, createPaciente, setupChair, validar } from '../prestaciones/prestaciones.factories.ts';
import { erroresClaimR4 } from './fhir-r4.factories.ts';
import { estadoDeCuentaPdf } from './liquidaciones-pdf.ts';
import { publicadorDe, publicarPendientes } from './liquidaciones-publicacion.ts';

/** The month `n` months before today's, and a day in it. */
function mesAtras(n: number) {
  const [y, m] = networkClock(new Date()).date.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 10));
  return { periodo: d.toISOString().slice(0, 7), dia: d.toISOString().slice(0, 10) };
}

const SIN_AZAR = { muestra: { porcentaje: 0, desde: 1_000_000, desvio: null } };

describe.each(BACKENDS)('closing the month (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let chair: Chair;
  const A = mesAtras(2);
  const B = mesAtras(1);
  const lineas: Record<string, number> = {};

  /** Validates one line and answers its id. */
  async function linea(auth: Record<string, string>, documento: string, fecha: string, l: object) {
    const response = await validar(t.app, auth, { documento, fecha, lineas: [l] } as never);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`select l.id from lineas l join atenciones a on a.id = l.atencion_id
          where a.codigo_validacion = ${response.json().codigoValidacion}`,
    );
    return row!.id;
  }
  const estado = async (id: number) =>
    (
      await queryRows<{
        estado: string;
        motivo: string | null;
        muestra: string | null;
        motivo_text: string | null;
      }>(t.db, sql`select estado, motivo, muestra, motivo_text from lineas where id = ${id}`)
    )[0]!;
  const cerrar = (periodo: string, body: object = SIN_AZAR) =>
    t.inject('POST', `/api/periodos/${periodo}/cierre`, t.admin, body);

  beforeAll(async () => {
    chair = await setupChair(t.app, t.admin, t.staff, `${backend}-cierre`);
    // Lines of two months back are still within the contract's window to validate.
    await t.db.execute(
      sql`update convenios set plazo_presentacion_dias = 120 where id = ${chair.convenio.id}`,
    );
    await createRegla(t.app, t.admin, chair.plan.id, { objetivo: '02.02', adjuntos: ['rx_post'] });
    const [p1, p2, p3, p4] = await Promise.all([1, 2, 3, 4].map(() => createPaciente(t.app, t.staff, chair)));
    lineas.consulta = await linea(chair.ana.auth, p1!.documento, A.dia, { codigo: '01.01' });
    lineas.obturacion = await linea(chair.ana.auth, p1!.documento, A.dia, {
      codigo: '02.01',
      pieza: 36,
      caras: 'O',
    });
    lineas.sinRx = await linea(chair.beto.auth, p2!.documento, A.dia, {
      codigo: '02.02',
      pieza: 46,
      caras: 'OM',
    });
    lineas.deBaja = await linea(chair.ana.auth, p3!.documento, A.dia, { codigo: '01.01' });
    lineas.deB = await linea(chair.ana.auth, p4!.documento, B.dia, {
      codigo: '02.01',
      pieza: 11,
      caras: 'V',
    });
    // The affiliate turns out to have been de baja before the visit: the chair could not say it.
    await t.db.execute(
      sql`update afiliados set baja_at = ${`${addDays(A.dia, -5)}T12:00:00Z`}::timestamptz where documento = ${p3!.documento}`,
    );
  });

  it('refuses a month not over yet, and one out of order, in Spanish', async () => {
    const hoy = networkClock(new Date()).date;
    const abierto = await cerrar(hoy.slice(0, 7));
    expect(abierto.statusCode).toBe(400);
    expect(abierto.json().error).toMatch(/todavía no terminó: se cierra desde el 01\//);
    const mal = await cerrar('2026-13');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().error).toBe('El período se escribe año y mes: 2026-11');
  });

  it('presents the month: approves what the rules clear, debits what the chair warned, sends the rest to the auditors', async () => {
    const antes = await t.inject('GET', '/api/periodos', t.admin);
    expect(antes.statusCode).toBe(200);
    const abierto = (antes.json() as PeriodoResumen[]).find((p) => p.periodo === A.periodo)!;
    expect(abierto).toMatchObject({ estado: 'abierto', lineas: { presentadas: 4 } });

    const response = await cerrar(A.periodo);
    expect(response.statusCode, response.body).toBe(200);
    const resumen = response.json() as PeriodoResumen & { message: string };
    expect(resumen.message).toBe(`Período ${A.periodo} cerrado`);
    expect(resumen).toMatchObject({
      estado: 'cerrado',
      lineas: { presentadas: 4, aprobadas: 1, rechazadas: 1, enAuditoria: 2 },
      importes: { presentado: 4_000_000, coseguros: 100_000, aprobado: 900_000, debitado: 1_000_000 },
      alarmas: 1,
      liquidaciones: 2,
      lotes: 1,
    });

    expect(await estado(lineas.obturacion!)).toMatchObject({ estado: 'facturada', motivo: null });
    expect(await estado(lineas.consulta!)).toMatchObject({ estado: 'presentada', muestra: 'monto' });
    expect(await estado(lineas.sinRx!)).toMatchObject({
      estado: 'rechazada',
      motivo: 'D05',
      motivo_text: 'Falta la Rx postoperatoria',
    });
    expect(await estado(lineas.deBaja!)).toMatchObject({ estado: 'presentada', muestra: 'alarma' });
    // Next month's line waits for its own closing.
    expect(await estado(lineas.deB!)).toMatchObject({ estado: 'validada' });

    const detalle = (await t.inject('GET', `/api/periodos/${A.periodo}`, t.admin)).json() as PeriodoDetalle;
    expect(detalle.listaAlarmas).toEqual([
      expect.objectContaining({
        lineaId: lineas.deBaja,
        codigo: '01.01',
        debito: 'D01',
        profesional: { id: chair.ana.id, nombre: chair.ana.nombre },
        mensaje: expect.stringMatching(/^El afiliado está de baja desde el /),
      }),
    ]);
  });

  it('settles each dentist line by line and bills the insurer under the first invoice number', async () => {
    const todas = (
      await t.inject('GET', `/api/liquidaciones?periodo=${A.periodo}`, t.admin)
    ).json() as LiquidacionFila[];
    const deAna = todas.find((q) => q.profesional.id === chair.ana.id)!;
    const deBeto = todas.find((q) => q.profesional.id === chair.beto.id)!;
    expect(deAna).toMatchObject({
      lineas: 1,
      bruto: 1_000_000,
      coseguros: 100_000,
      debitos: 0,
      neto: 900_000,
    });
    expect(deBeto).toMatchObject({ lineas: 1, bruto: 1_000_000, coseguros: 0, debitos: 1_000_000, neto: 0 });

    const beto = (
      await t.inject('GET', `/api/liquidaciones/${deBeto.id}`, chair.beto.auth)
    ).json() as Liquidacion;
    expect(beto.items).toEqual([
      expect.objectContaining({
        lineaId: lineas.sinRx,
        tipo: 'prestacion',
        codigo: '02.02',
        pieza: 46,
        caras: 'OM',
        importe: 1_000_000,
        coseguro: 0,
        debito: 1_000_000,
        motivo: 'D05',
        motivoText: 'Falta la Rx postoperatoria',
        neto: 0,
        estado: 'rechazada',
      }),
    ]);

    const lotes = (await t.inject('GET', `/api/lotes?periodo=${A.periodo}`, t.admin)).json() as Lote[];
    expect(lotes).toEqual([
      expect.objectContaining({
        numeroFactura: '0001-00000001',
        obraSocial: { id: chair.os.id, nombre: chair.os.nombre },
        lineas: 1,
        total: 900_000,
        presentarAntes: `${periodoSiguiente(A.periodo)}-25`,
        pagadoEl: null,
      }),
    ]);
  });

  it('exports the lot for the insurer as CSV, XLSX and a FHIR R4 Bundle of Claims that the standard accepts', async () => {
    const [lote] = (await t.inject('GET', `/api/lotes?periodo=${A.periodo}`, t.admin)).json() as Lote[];
    const csv = await t.inject('GET', `/api/lotes/${lote!.id}/export?formato=csv&separador=;`, t.admin);
    expect(csv.statusCode, csv.body).toBe(200);
    const [cabecera, fila, ...resto] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(resto).toEqual([]);
    expect(cabecera).toBe(
      'Factura;Período;Código de validación;Fecha;Número de afiliado;Documento;Afiliado;Plan;Código;Prestación;Pieza o sector;Caras;Prestador;Matrícula;Tipo;Arancel;Coseguro;Facturado',
    );
    expect(fila).toContain(`0001-00000001;${A.periodo};`);
    expect(fila).toMatch(/;02\.01;[^;]+;36;O;[^;]+;[^;]*;Prestación;10000,00;1000,00;9000,00$/);

    const xlsx = await t.inject('GET', `/api/lotes/${lote!.id}/export?formato=xlsx`, t.admin);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const fhir = await t.inject('GET', `/api/lotes/${lote!.id}/export?formato=fhir`, t.admin);
    expect(fhir.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const bundle = fhir.json();
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(bundle.entry).toHaveLength(1);
    const claim = bundle.entry[0].resource;
    expect(erroresClaimR4(claim)).toEqual([]);
    expect(claim.item).toEqual([
      expect.objectContaining({
        productOrService: { coding: [expect.objectContaining({ code: '02.01' })] },
        bodySite: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/ex-tooth', code: '36' }] },
        subSite: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/FDI-surface', code: 'O' }] }],
        unitPrice: { value: 10_000, currency: 'ARS' },
        net: { value: 9_000, currency: 'ARS' },
      }),
    ]);
    // A Claim or an item missing what R4 requires is refused by the same check.
    const { insurance: _sinCobertura, ...incompleta } = claim;
    expect(erroresClaimR4(incompleta)).toEqual(["must have required property 'insurance'"]);
    const { productOrService: _sinCodigo, ...sinCodigo } = claim.item[0];
    expect(erroresClaimR4({ ...claim, item: [sinCodigo] })).toEqual([
      "/item/0 must have required property 'productOrService'",
    ]);
    const [auditada] = await queryRows<{ details: { formato: string; filas: number } }>(
      t.db,
      sql`select details from audit_log where action = 'export' and entity = 'lote' order by id desc limit 1`,
    );
    expect(auditada!.details).toMatchObject({ formato: 'fhir', filas: 1 });
  });

  it('lets a dentist read only her own settlements', async () => {
    const propias = (
      await t.inject('GET', '/api/liquidaciones', chair.beto.auth)
    ).json() as LiquidacionFila[];
    expect(propias.map((q) => q.profesional.id)).toEqual([chair.beto.id]);
    // Asking for another's gives hers all the same; opening another's is a 404.
    const pedidas = (
      await t.inject('GET', `/api/liquidaciones?profesional=${chair.ana.id}`, chair.beto.auth)
    ).json() as LiquidacionFila[];
    expect(pedidas.map((q) => q.profesional.id)).toEqual([chair.beto.id]);
    const deAna = (await t.inject('GET', `/api/liquidaciones?profesional=${chair.ana.id}`, t.admin)).json();
    const ajena = await t.inject('GET', `/api/liquidaciones/${deAna[0].id}`, chair.beto.auth);
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json().error).toBe('No existe esa liquidación, o no es suya');
    expect((await t.inject('GET', '/api/liquidaciones', chair.ciro.auth)).json()).toEqual([]);
    expect((await t.inject('POST', `/api/periodos/${B.periodo}/cierre`, chair.ana.auth, {})).statusCode).toBe(
      403,
    );
    expect((await t.inject('GET', '/api/lotes', t.staff)).statusCode).toBe(403);
  });

  it('closing a closed month changes nothing and gives the same statements byte for byte', async () => {
    const q = (
      await t.inject('GET', `/api/liquidaciones?periodo=${A.periodo}`, t.admin)
    ).json() as LiquidacionFila[];
    const antes = await Promise.all(q.map((x) => t.inject('GET', `/api/liquidaciones/${x.id}`, t.admin)));
    const conteo = async () =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from liquidacion_items`))[0]!.n;
    const items = await conteo();

    const [uno, dos] = await Promise.all([cerrar(A.periodo, {}), cerrar(A.periodo, { semilla: 7 })]);
    for (const r of [uno, dos]) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toBe(`El período ${A.periodo} ya está cerrado`);
      expect(r.json().semilla).not.toBe(7);
    }
    expect(await conteo()).toBe(items);
    const despues = await Promise.all(q.map((x) => t.inject('GET', `/api/liquidaciones/${x.id}`, t.admin)));
    // The statement's link is signed anew on each read; all else is the same.
    const sinFirma = (body: string) => body.replace(/"url":"[^"]*"/, '');
    expect(despues.map((r) => sinFirma(r.body))).toEqual(antes.map((r) => sinFirma(r.body)));
  });

  it('publishes each dentist her statement as a PDF through the notifications, once, and tells staff when she opens it', async () => {
    await publicadorDe(t.app).drain();
    const publicadas = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from notificaciones where file_key like 'liquidaciones/%'`,
        )
      )[0]!.n;
    const liquidaciones = (await t.inject('GET', '/api/liquidaciones', t.admin)).json() as LiquidacionFila[];
    expect(await publicadas()).toBe(liquidaciones.length);

    const [fila] = (await t.inject('GET', '/api/liquidaciones', chair.ana.auth)).json() as LiquidacionFila[];
    const propia = (
      await t.inject('GET', `/api/liquidaciones/${fila!.id}`, chair.ana.auth)
    ).json() as Liquidacion;
    expect(propia.estadoDeCuenta).toMatchObject({ leidoAt: null });
    const pdf = await t.inject('GET', propia.estadoDeCuenta!.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // What was published is, byte for byte, what the settlement gives now.
    const { estadoDeCuenta: _e, estadoDeCuentaPendiente: _p, ...liquidacion } = propia;
    expect(pdf.rawPayload.equals(await estadoDeCuentaPdf(liquidacion))).toBe(true);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // It is one of her notifications, unread until she opens it; then staff see when.
    const suyas = (
      await t.inject('GET', '/api/notificaciones/by-id?pageIndex=0&pageSize=50', chair.ana.auth)
    ).json();
    expect(suyas.rows).toContainEqual(
      expect.objectContaining({
        id: propia.estadoDeCuenta!.notificacionId,
        title: `Liquidación de ${periodoText(fila!.periodo)}`,
        category: 'Comunicación al prestador',
        open: false,
      }),
    );
    // Staff's list is what staff sent (none here): the network's own statements are read on each settlement.
    const deStaff = (await t.inject('GET', '/api/notificaciones?pageIndex=1&pageSize=50', t.admin)).json();
    expect(deStaff.rowCount).toBe(0);
    const leer = await t.inject('PUT', '/api/notificaciones/read', chair.ana.auth, {
      notificacionId: propia.estadoDeCuenta!.notificacionId,
    });
    expect(leer.statusCode).toBe(204);
    const vista = (await t.inject('GET', `/api/liquidaciones/${fila!.id}`, t.admin)).json() as Liquidacion;
    expect(vista.estadoDeCuenta!.leidoAt).not.toBeNull();

    // Staff cannot delete it: it is part of her settlement.
    const borrar = await t.inject('DELETE', '/api/notificaciones', t.admin, {
      ids: [propia.estadoDeCuenta!.notificacionId],
    });
    expect(borrar.statusCode).toBe(404);
    expect(
      ((await t.inject('GET', `/api/liquidaciones/${fila!.id}`, t.admin)).json() as Liquidacion)
        .estadoDeCuenta,
    ).not.toBeNull();

    // Publishing again, or closing again, publishes nothing more.
    expect(await publicarPendientes(t.app)).toEqual({ publicadas: 0, fallidas: 0 });
    expect((await cerrar(A.periodo, {})).statusCode).toBe(200);
    await publicadorDe(t.app).drain();
    expect(await publicadas()).toBe(liquidaciones.length);
  });

  it('debits a line validated after its month closed and presented past the contract’s window (D13)', async () => {
    const p = await createPaciente(t.app, t.staff, chair);
    const tardia = await linea(chair.ana.auth, p.documento, A.dia, { codigo: '01.01' });
    // The contract's window is shorter now than when the line was validated.
    await t.db.execute(sql`update convenios set plazo_presentacion_dias = 5 where id = ${chair.convenio.id}`);
    const anterior = await cerrar(mesAtras(3).periodo);
    expect(anterior.statusCode).toBe(409);
    expect(anterior.json().error).toBe(
      `El período ${mesAtras(3).periodo} es anterior al último cerrado (${A.periodo}): sus prestaciones se presentaron en ese cierre`,
    );

    const response = await cerrar(B.periodo, { muestra: { porcentaje: 0, desde: null, desvio: null } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ lineas: { presentadas: 2, aprobadas: 1, rechazadas: 1 } });
    expect(await estado(tardia)).toMatchObject({ estado: 'rechazada', motivo: 'D13' });
    expect((await estado(tardia)).motivo_text).toMatch(
      /^Presentada fuera de plazo: la atención del .* debía presentarse hasta el /,
    );
    expect(await estado(lineas.deB!)).toMatchObject({ estado: 'facturada' });
    // The sample's lines of the month before wait for their auditor.
    expect(await estado(lineas.consulta!)).toMatchObject({ estado: 'presentada' });
    const lotes = (await t.inject('GET', `/api/lotes?periodo=${B.periodo}`, t.admin)).json() as Lote[];
    expect(lotes.map((l) => l.numeroFactura)).toEqual(['0001-00000002']);
  });

  it('records the payments, and the days they took', async () => {
    const [q] = (
      await t.inject('GET', `/api/liquidaciones?periodo=${A.periodo}&profesional=${chair.ana.id}`, t.admin)
    ).json() as LiquidacionFila[];
    const hoy = networkClock(new Date()).date;
    const futuro = await t.inject('PUT', `/api/liquidaciones/${q!.id}/pago`, t.admin, {
      pagadoEl: addDays(hoy, 1),
    });
    expect(futuro.statusCode).toBe(400);
    expect(futuro.json().error).toBe('La fecha de pago no puede ser posterior a hoy');
    const antes = await t.inject('PUT', `/api/liquidaciones/${q!.id}/pago`, t.admin, { pagadoEl: A.dia });
    expect(antes.json().error).toBe('La fecha de pago no puede ser anterior al cierre del período');
    const ok = await t.inject('PUT', `/api/liquidaciones/${q!.id}/pago`, t.admin, { pagadoEl: hoy });
    expect(ok.statusCode, ok.body).toBe(200);
    const [pagada] = (
      await t.inject(
        'GET',
        `/api/liquidaciones?periodo=${A.periodo}&profesional=${chair.ana.id}`,
        chair.ana.auth,
      )
    ).json() as LiquidacionFila[];
    expect(pagada).toMatchObject({ pagadaEl: hoy, diasAPagar: 0 });
    const [lote] = (await t.inject('GET', `/api/lotes?periodo=${A.periodo}`, t.admin)).json() as Lote[];
    expect(
      (await t.inject('PUT', `/api/lotes/${lote!.id}/pago`, t.admin, { pagadoEl: hoy })).statusCode,
    ).toBe(200);
    expect((await t.inject('PUT', '/api/lotes/999999/pago', t.admin, { pagadoEl: hoy })).statusCode).toBe(
      404,
    );
  });

  it('keeps every centavo: each dentist’s net is what the lots bill, and every fee is copay, débito or net', async () => {
    const [sumas] = await queryRows<{ neto: number; lotes: number; importe: number; partes: number }>(
      t.db,
      sql`select (select sum(neto) from liquidaciones)::float8 as neto, (select sum(total) from lotes)::float8 as lotes,
            (select sum(importe) from liquidacion_items)::float8 as importe,
            (select sum(coseguro + debito + neto) from liquidacion_items)::float8 as partes`,
    );
    expect(sumas!.neto).toBe(sumas!.lotes);
    expect(sumas!.importe).toBe(sumas!.partes);
  });
});
