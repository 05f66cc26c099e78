import { readFileSync } from 'node:fs';
import {
  addDays,
  type LiquidacionFila,
  type Lote,
  networkClock,
  type PeriodoResumen,
  type Tablero,
  tableroSchema,
} from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, loginAs, multipart, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { afiliadoAuth, createAfiliado } from '../afiliados/afiliados.factories.ts';
import { sembrarMes } from '../cierre/cierre.factories.ts';
import { createConvenio, importAranceles } from '../convenios/convenios.factories.ts';
import { sendToAfiliadosOf } from '../notificaciones/notificaciones.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createPlan, createRegla } from '../planes/planes.factories.ts';
import { type Chair, setupChair } from '../prestaciones/prestaciones.factories.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';

/** The month `n` months before today's, and a day in it. */
function mesAtras(n: number) {
  const [y, m] = networkClock(new Date()).date.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 10));
  return { periodo: d.toISOString().slice(0, 7), dia: d.toISOString().slice(0, 10) };
}

describe.each(BACKENDS)('tablero (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let osA: { id: number; nombre: string };
  let osB: { id: number; nombre: string };
  const db = () => t.db;

  async function tablero(auth = t.staff): Promise<Tablero> {
    const res = await t.inject('GET', '/api/tablero', auth);
    expect(res.statusCode, res.body).toBe(200);
    return tableroSchema.parse(res.json());
  }

  /** The affiliates per insurer as a count over the table gives them, the way the figure must read. */
  async function countedPerInsurer() {
    const rows = await queryRows<{ obra_social_id: number | null; n: number }>(
      db(),
      sql`select obra_social_id, count(*)::int as n from afiliados where baja_at is null group by obra_social_id`,
    );
    return Object.fromEntries(rows.map((r) => [String(r.obra_social_id), r.n]));
  }
  const shownPerInsurer = (board: Tablero) =>
    Object.fromEntries(board.afiliados.porObraSocial.map((o) => [String(o.obraSocialId), o.afiliados]));

  beforeAll(async () => {
    osA = await createObraSocial(t.app, t.staff, { nombre: 'Obra Social Andina' });
    osB = await createObraSocial(t.app, t.staff, { nombre: 'Mutual Bonaerense' });
  });

  it('counts affiliates per insurer as the table does, through inserts, bulk loads, moves and deletions', async () => {
    for (let i = 0; i < 3; i++) await createAfiliado(t.app, t.staff, osA.id);
    const moved = await createAfiliado(t.app, t.staff, osB.id);
    // A bulk statement, as an import writes them.
    await db().execute(sql`insert into afiliados (nombre, nombre_busqueda, tipo_documento, documento, obra_social_id)
      select 'Carga ' || g, 'carga ' || g, 'DNI', '9' || lpad(g::text, 7, '0'), ${osB.id} from generate_series(1, 250) g`);
    expect(shownPerInsurer(await tablero())).toEqual(await countedPerInsurer());

    // Moved to another insurer through the API, then a bulk deletion.
    const res = await t.inject('PUT', `/api/afiliados/${moved.id}`, t.staff, {
      nombre: moved.nombre,
      tipoDocumento: 'DNI',
      documento: moved.documento,
      obraSocial: { id: osA.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    await db().execute(sql`delete from afiliados where nombre like 'Carga 1%'`);
    let board = await tablero();
    expect(shownPerInsurer(board)).toEqual(await countedPerInsurer());
    expect(board.afiliados.total).toBe(Object.values(await countedPerInsurer()).reduce((a, b) => a + b, 0));
    expect(board.afiliados.porObraSocial[0]).toMatchObject({
      obraSocialId: osB.id,
      nombre: 'Mutual Bonaerense',
    });

    // Affiliates given de baja leave the count (through the API and in bulk); reactivated, they return.
    const leaving = await createAfiliado(t.app, t.staff, osA.id);
    const before = shownPerInsurer(await tablero())[String(osA.id)];
    expect((await t.inject('DELETE', `/api/afiliados/${leaving.id}`, t.staff)).statusCode).toBe(204);
    await db().execute(sql`update afiliados set baja_at = now() where nombre like 'Carga 2%'`);
    board = await tablero();
    expect(shownPerInsurer(board)[String(osA.id)]).toBe(before! - 1);
    expect(shownPerInsurer(board)).toEqual(await countedPerInsurer());
    await t.inject('POST', `/api/afiliados/${leaving.id}/reactivar`, t.staff);
    await db().execute(
      sql`update afiliados set baja_at = null, obra_social_id = ${osA.id} where nombre like 'Carga 2%'`,
    );
    board = await tablero();
    expect(shownPerInsurer(board)).toEqual(await countedPerInsurer());

    // An insurer deleted leaves its affiliates without one.
    const gone = await createObraSocial(t.app, t.staff);
    await createAfiliado(t.app, t.staff, gone.id);
    expect((await t.inject('DELETE', `/api/obra-sociales/${gone.id}`, t.admin)).statusCode).toBeLessThan(300);
    board = await tablero();
    expect(shownPerInsurer(board)).toEqual(await countedPerInsurer());
    expect(board.afiliados.porObraSocial.find((o) => o.obraSocialId === null)).toMatchObject({
      nombre: 'Sin obra social',
      afiliados: 1,
    });
  });

  it('counts providers by state, pending requests, stale data and open reports as the tables give them', async () => {
    const fresh = await createDentist(t.app, t.admin, { obrasSociales: [osA.id] });
    const stale = await createDentist(t.app, t.admin, { obrasSociales: [osA.id, osB.id] });
    await createDentist(t.app, t.admin, { pending: true });
    await db().execute(
      sql`update profesionales set datos_confirmados_at = now() - interval '120 days' where id = ${stale.id}`,
    );
    await db().execute(
      sql`update profesionales set datos_confirmados_at = now() - interval '5 days' where id = ${fresh.id}`,
    );
    const afiliado = await createAfiliado(t.app, t.staff, osA.id);
    const report = await t.inject(
      'POST',
      `/api/profesionales/${stale.id}/reportes`,
      await afiliadoAuth(t.app, afiliado.id),
      {
        motivo: 'El consultorio cerró',
      },
    );
    expect(report.statusCode, report.body).toBe(201);

    const [expected] = await queryRows<{ active: number; pending: number; stale: number; reports: number }>(
      db(),
      sql`select count(*) filter (where u.status = 'active')::int as active,
            count(*) filter (where u.status = 'pending')::int as pending,
            count(*) filter (where u.status = 'active' and coalesce(p.datos_confirmados_at, p.created_at) < now() - interval '90 days')::int as stale,
            (select count(*)::int from profesional_reportes where cerrado_at is null) as reports
          from profesionales p join users u on u.id = p.user_id`,
    );
    const board = await tablero();
    expect(board.profesionales.porEstado.find((e) => e.estado === 'active')!.cantidad).toBe(expected!.active);
    expect(board.profesionales.solicitudesPendientes).toBe(expected!.pending);
    expect(board.profesionales.sinConfirmar).toBe(expected!.stale);
    expect(board.profesionales.sinConfirmar).toBeGreaterThan(0);
    expect(board.reportesAbiertos).toBe(expected!.reports);

    // The figure leads to the list behind it: the same providers, the stale one among them.
    const list = await t.inject(
      'GET',
      '/api/profesionales/paginated?pageIndex=0&pageSize=50&sinConfirmar=1',
      t.staff,
    );
    expect(list.json().rowCount).toBe(board.profesionales.sinConfirmar);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toContain(stale.id);
    expect(list.json().rows.map((r: { id: number }) => r.id)).not.toContain(fresh.id);

    // The navigation's badges read the same counts, each only for who may act on it.
    const pendientes = await t.inject('GET', '/api/tablero/pendientes', t.admin);
    expect(pendientes.json()).toEqual({
      solicitudes: expected!.pending,
      reportes: expected!.reports,
      confirmaciones: 0,
    });
    const dentist = await loginAs(t.app, fresh.email, fresh.password);
    expect((await t.inject('GET', '/api/tablero/pendientes', dentist)).json()).toEqual({
      solicitudes: null,
      reportes: null,
      confirmaciones: null,
    });
  });

  it("reads back the last 90 days' notifications with their read counts", async () => {
    const id = await sendToAfiliadosOf(t.app, t.staff, osA.id, 'Nuevos valores');
    const [reader] = await queryRows<{ afiliado_id: number }>(
      db(),
      sql`select afiliado_id from notificacion_destinatarios where notificacion_id = ${id} limit 1`,
    );
    await t.inject('PUT', '/api/notificaciones/read', await afiliadoAuth(t.app, reader!.afiliado_id), {
      notificacionId: id,
    });
    const [expected] = await queryRows<{ enviadas: number; destinatarios: number; leidas: number }>(
      db(),
      sql`select count(distinct n.id)::int as enviadas, count(d.id)::int as destinatarios,
            count(d.read_at)::int as leidas
          from notificaciones n left join notificacion_destinatarios d on d.notificacion_id = n.id
          where n.created_at > now() - interval '90 days'`,
    );
    const board = await tablero();
    expect(board.notificaciones).toMatchObject(expected!);
    expect(board.notificaciones.ultimas[0]).toMatchObject({ id, title: 'Nuevos valores', readCount: 1 });
  });

  it("places each locality's providers at their middle, with the insurers they accept and those insurers' affiliates", async () => {
    const a = await createDentist(t.app, t.admin, { obrasSociales: [osA.id] });
    const b = await createDentist(t.app, t.admin, { obrasSociales: [osA.id, osB.id] });
    for (const [id, lat, long] of [
      [a.id, -34.6, -58.4],
      [b.id, -34.62, -58.42],
    ] as const)
      await db().execute(
        sql`update profesionales set localidad = 'Caballito', lat = ${lat}, long = ${long} where id = ${id}`,
      );
    const counted = await countedPerInsurer();
    const board = await tablero();
    expect(board.localidades.find((l) => l.localidad === 'Caballito')).toEqual({
      localidad: 'Caballito',
      lat: -34.61,
      long: -58.41,
      profesionales: 2,
      obrasSociales: 2,
      afiliadosCubiertos: counted[String(osA.id)]! + counted[String(osB.id)]!,
    });
  });

  it('is for staff who keep affiliates or professionals', async () => {
    const dentist = await createDentist(t.app, t.admin);
    expect(
      (await t.inject('GET', '/api/tablero', await loginAs(t.app, dentist.email, dentist.password)))
        .statusCode,
    ).toBe(403);
    const afiliado = await createAfiliado(t.app, t.staff, osA.id);
    expect((await t.inject('GET', '/api/tablero', await afiliadoAuth(t.app, afiliado.id))).statusCode).toBe(
      403,
    );
    expect((await t.inject('GET', '/api/tablero')).statusCode).toBe(401);
    expect((await t.inject('GET', '/api/tablero', t.admin)).statusCode).toBe(200);
  });

  describe('the month’s closings, for who closes them', () => {
    let chair: Chair;
    let auditor: Record<string, string>;
    const M = mesAtras(2);
    const N = mesAtras(1);
    const hoy = networkClock(new Date()).date;
    // Consultations ($ 10.000,00 to the insurer) go to the auditors; fillings (a 10 % copay) are paid by the rules.
    const cerrar = async (periodo: string) => {
      const res = await t.inject('POST', `/api/periodos/${periodo}/cierre`, t.admin, {
        muestra: { porcentaje: 0, desde: 1_000_000, desvio: null },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const lineaDe = async (documento: number, codigo: string) =>
      (
        await queryRows<{ id: number }>(
          db(),
          sql`select l.id from lineas l join afiliados a on a.id = l.afiliado_id
              join codigos_prestacion c on c.id = l.codigo_id
              where a.documento = ${String(documento)} and c.codigo = ${codigo}`,
        )
      )[0]!.id;
    const loteDe = async (periodo: string, obraSocialId: number) =>
      ((await t.inject('GET', `/api/lotes?periodo=${periodo}`, t.admin)).json() as Lote[]).find(
        (l) => l.obraSocial.id === obraSocialId,
      )!;
    async function debitar(lote: Lote, csv: string) {
      const form = multipart(
        {},
        { name: 'debitos.csv', content: `linea;codigo_validacion;importe;motivo\n${csv}` },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/lotes/${lote.id}/debitos/import`,
        headers: { ...t.admin, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const decidir = async (id: number, body: object) => {
      const res = await t.inject('PUT', `/api/lineas/${id}/decision`, auditor, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    async function pagar(url: string, pagadoEl: string) {
      const res = await t.inject('PUT', url, t.admin, { pagadoEl });
      expect(res.statusCode, res.body).toBe(200);
    }

    beforeAll(async () => {
      chair = await setupChair(t.app, t.admin, t.staff, `${backend}-tablero`);
      auditor = await signInWithRole(t.app, t.admin, 'AUDITOR ODONTOLÓGICO');
      // The second insurer's contract and plan, covering the same two codes at the same fee.
      const convenio = await createConvenio(t.app, t.admin, chair.otra.id, { plazoPresentacionDias: 30 });
      const fees = await importAranceles(
        t.app,
        t.admin,
        convenio.id,
        'codigo;importe;vigente_desde;vigente_hasta\r\n01.01;10.000,00;01/01/2026;\r\n02.01;10.000,00;01/01/2026;',
      );
      expect(fees.statusCode, fees.body).toBe(201);
      const plan = await createPlan(t.app, t.admin, chair.otra.id, {
        codigo: `T-${backend}`,
        nombre: 'Plan T',
      });
      await createRegla(t.app, t.admin, plan.id, { objetivo: '01.01' });
      await createRegla(t.app, t.admin, plan.id, { objetivo: 'grupo:Obturaciones', coseguroPct: 10 });
      const A = { obraSocialId: chair.os.id, convenioId: chair.convenio.id, planId: chair.plan.id };
      const B = { obraSocialId: chair.otra.id, convenioId: convenio.id, planId: plan.id };

      // Month M. A: three visits of a consultation and a filling each (the third affiliate de baja
      // before the visit: an alarm on both lines); B: one visit in M and one of the month before,
      // past the contract's 30 days (both lines D13).
      await sembrarMes(db(), {
        ...A,
        profesionalIds: [chair.ana.id],
        fecha: M.dia,
        afiliados: 3,
        documentoBase: 81_000_000,
      });
      await sembrarMes(db(), {
        ...B,
        profesionalIds: [chair.beto.id],
        fecha: M.dia,
        afiliados: 1,
        documentoBase: 82_000_000,
      });
      await sembrarMes(db(), {
        ...B,
        profesionalIds: [chair.beto.id],
        fecha: mesAtras(3).dia,
        afiliados: 1,
        documentoBase: 83_000_000,
      });
      await db().execute(
        sql`update afiliados set baja_at = ${`${addDays(M.dia, -5)}T12:00:00Z`}::timestamptz where documento = '81000003'`,
      );
      await cerrar(M.periodo);

      // Between the closings: the auditor approves one consultation, approves another in part and
      // rejects B's; the insurers debit a filling of each lot (A's with a code, passed on to the
      // dentist; B's without one).
      await decidir(await lineaDe(81_000_001, '01.01'), { decision: 'aprobar' });
      await decidir(await lineaDe(81_000_002, '01.01'), {
        decision: 'aprobar_parcial',
        importeAprobado: 600_000,
        motivo: 'D14',
      });
      await decidir(await lineaDe(82_000_001, '01.01'), { decision: 'rechazar', motivo: 'D02' });
      await debitar(
        await loteDe(M.periodo, chair.os.id),
        `${await lineaDe(81_000_001, '02.01')};;9.000,00;D05 falta la Rx`,
      );
      await debitar(
        await loteDe(M.periodo, chair.otra.id),
        `${await lineaDe(82_000_001, '02.01')};;500,00;Falta la firma`,
      );

      // Month N: one more visit to A.
      await sembrarMes(db(), {
        ...A,
        profesionalIds: [chair.ana.id],
        fecha: N.dia,
        afiliados: 1,
        documentoBase: 84_000_000,
      });
      await cerrar(N.periodo);

      // M closed 40 days ago: Ana paid in 30 days, Beto in 21; A's lot collected in 35, B's not yet.
      await db().execute(
        sql`update periodos set fecha_cierre = ${addDays(hoy, -40)} where periodo = ${M.periodo}`,
      );
      await db().execute(
        sql`update liquidaciones set emitida_el = ${addDays(hoy, -40)} where periodo = ${M.periodo}`,
      );
      const liquidaciones = (
        await t.inject('GET', `/api/liquidaciones?periodo=${M.periodo}`, t.admin)
      ).json() as LiquidacionFila[];
      const de = (id: number) => liquidaciones.find((q) => q.profesional.id === id)!.id;
      await pagar(`/api/liquidaciones/${de(chair.ana.id)}/pago`, addDays(hoy, -10));
      await pagar(`/api/liquidaciones/${de(chair.beto.id)}/pago`, addDays(hoy, -19));
      await pagar(`/api/lotes/${(await loteDe(M.periodo, chair.os.id)).id}/pago`, addDays(hoy, -5));
    });

    it('sums per month and insurer what was presented, billed and debited by each side, to the centavo', async () => {
      const { cierre } = await tablero(t.admin);
      const A = { obraSocialId: chair.os.id, nombre: chair.os.nombre };
      const B = { obraSocialId: chair.otra.id, nombre: chair.otra.nombre };
      expect(cierre!.periodos.map((p) => p.periodo)).toEqual([N.periodo, M.periodo]);
      const [n, m] = cierre!.periodos;
      // M: A presented six lines of $ 10.000,00 and billed the two fillings the rules approved; B four
      // lines, its filling billed and the late visit debited whole (a consultation and a filling's
      // insurer share). The insurers debited $ 9.000,00 and $ 500,00 on M's lots.
      expect(m!.porObraSocial).toEqual([
        {
          ...B,
          presentado: 4_000_000,
          aprobado: 900_000,
          debitadoRed: 1_900_000,
          debitadoObraSocial: 50_000,
        },
        { ...A, presentado: 6_000_000, aprobado: 1_800_000, debitadoRed: 0, debitadoObraSocial: 900_000 },
      ]);
      // N: A's two new lines presented; billed its filling and M's consultations the auditor
      // approved ($ 10.000,00, and $ 6.000,00 in part: $ 4.000,00 debited); B's consultation rejected.
      expect(n!.porObraSocial).toEqual([
        { ...B, presentado: 0, aprobado: 0, debitadoRed: 1_000_000, debitadoObraSocial: 0 },
        { ...A, presentado: 2_000_000, aprobado: 2_500_000, debitadoRed: 400_000, debitadoObraSocial: 0 },
      ]);
      // Presented is what the month's page says it presented.
      const pagina = (await t.inject('GET', `/api/periodos/${M.periodo}`, t.admin)).json() as PeriodoResumen;
      expect(m!.porObraSocial.reduce((sum, o) => sum + o.presentado, 0)).toBe(pagina.importes.presentado);
    });

    it('counts the lines the rules approved alone, the alarms, and the days each side took to be paid', async () => {
      const { cierre } = await tablero(t.admin);
      const [n, m] = cierre!.periodos;
      expect(m).toMatchObject({
        lineas: 10,
        aprobadasAutomaticamente: 3,
        alarmas: 2,
        pagoProfesionales: {
          pagados: 2,
          promedioDias: 25.5,
          maximoDias: 30,
          pendientes: 0,
          pendienteDias: null,
        },
        cobroObrasSociales: {
          pagados: 1,
          promedioDias: 35,
          maximoDias: 35,
          pendientes: 1,
          pendienteDias: 40,
        },
      });
      expect(n).toMatchObject({
        lineas: 2,
        aprobadasAutomaticamente: 1,
        alarmas: 0,
        pagoProfesionales: {
          pagados: 0,
          promedioDias: null,
          maximoDias: null,
          pendientes: 2,
          pendienteDias: 0,
        },
        cobroObrasSociales: {
          pagados: 0,
          promedioDias: null,
          maximoDias: null,
          pendientes: 1,
          pendienteDias: 0,
        },
      });
    });

    it('lists the débitos by reason in words, the network’s apart from the insurers’', async () => {
      const { cierre } = await tablero(t.admin);
      // The débito passed on to Ana at N is the insurer's, not counted again as the network's.
      expect(cierre!.motivos).toEqual([
        { origen: 'red', codigo: 'D13', texto: 'Presentada fuera de plazo', cantidad: 2, importe: 1_900_000 },
        {
          origen: 'red',
          codigo: 'D02',
          texto: 'Código no cubierto por el plan',
          cantidad: 1,
          importe: 1_000_000,
        },
        {
          origen: 'obra_social',
          codigo: 'D05',
          texto: 'Falta un adjunto requerido',
          cantidad: 1,
          importe: 900_000,
        },
        {
          origen: 'red',
          codigo: 'D14',
          texto: 'Importe distinto del arancel',
          cantidad: 1,
          importe: 400_000,
        },
        { origen: 'obra_social', codigo: null, texto: 'Sin código de débito', cantidad: 1, importe: 50_000 },
      ]);
    });

    it('reads the months closed before the closing kept its figures as if it had', async () => {
      const antes = await tablero(t.admin);
      // The migration that made the closing keep them fills them in for the months closed before.
      const migracion = readFileSync(
        new URL('../../../drizzle/0052_cifras_del_cierre.sql', import.meta.url),
        'utf8',
      );
      const relleno = migracion.slice(migracion.indexOf('-- The months closed before'));
      await t.db.execute(sql`delete from cierre_cifras`);
      await t.db.execute(sql`delete from cierre_motivos`);
      for (const statement of relleno.split('--> statement-breakpoint'))
        await t.db.execute(sql.raw(statement));
      expect((await tablero(t.admin)).cierre).toEqual(antes.cierre);
    });

    it('is null for staff who do not close the month', async () => {
      expect((await tablero(t.staff)).cierre).toBeNull();
      expect((await tablero(t.admin)).cierre).not.toBeNull();
    });
  });
});
