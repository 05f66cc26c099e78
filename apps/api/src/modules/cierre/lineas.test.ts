import {
  addDays,
  type LineaPresentada,
  type Liquidacion,
  type LiquidacionFila,
  networkClock,
  type Paginated,
} from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { createRegla } from '../planes/planes.factories.ts';
import { type Chair, createPaciente, setupChair, validar } from '../prestaciones/prestaciones.factories.ts';

/** The month `n` months before today's, and a day in it. */
function mesAtras(n: number) {
  const [y, m] = networkClock(new Date()).date.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 10));
  return { periodo: d.toISOString().slice(0, 7), dia: d.toISOString().slice(0, 10) };
}

describe.each(BACKENDS)(
  'the auditor’s decisions on presented lines, and the dentist’s reconsideration (%s)',
  (backend) => {
    const t = useTestApp(backend, { staff: true });
    let chair: Chair;
    let auditor: Record<string, string>;
    const A = mesAtras(2);
    const B = mesAtras(1);
    const L: Record<string, number> = {};
    const hoy = networkClock(new Date()).date;

    async function linea(auth: Record<string, string>, fecha: string, l: object) {
      const p = await createPaciente(t.app, t.staff, chair);
      const response = await validar(t.app, auth, { documento: p.documento, fecha, lineas: [l] } as never);
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await queryRows<{ id: number }>(
        t.db,
        sql`select l.id from lineas l join atenciones a on a.id = l.atencion_id
          where a.codigo_validacion = ${response.json().codigoValidacion}`,
      );
      return row!.id;
    }
    const decidir = (id: number, body: object, auth = auditor) =>
      t.inject('PUT', `/api/lineas/${id}/decision`, auth, body);
    const cerrar = (periodo: string) =>
      t.inject('POST', `/api/periodos/${periodo}/cierre`, t.admin, {
        muestra: { porcentaje: 0, desde: 1_000_000, desvio: null },
      });
    const estado = async (id: number) =>
      (await queryRows<{ estado: string }>(t.db, sql`select estado from lineas where id = ${id}`))[0]!.estado;

    beforeAll(async () => {
      chair = await setupChair(t.app, t.admin, t.staff, `${backend}-lineas`);
      await t.db.execute(
        sql`update convenios set plazo_presentacion_dias = 120 where id = ${chair.convenio.id}`,
      );
      await createRegla(t.app, t.admin, chair.plan.id, { objetivo: '02.02', adjuntos: ['rx_post'] });
      auditor = await signInWithRole(t.app, t.admin, 'AUDITOR ODONTOLÓGICO');
      L.aprobar = await linea(chair.ana.auth, A.dia, { codigo: '01.01' });
      L.sinRx = await linea(chair.ana.auth, A.dia, { codigo: '02.02', pieza: 46, caras: 'OM' });
      L.observar = await linea(chair.beto.auth, A.dia, { codigo: '01.01' });
      L.parcial = await linea(chair.beto.auth, A.dia, { codigo: '01.01' });
      expect((await cerrar(A.periodo)).statusCode).toBe(200);
    });

    it('shows the auditor the sample with what the chair said, and a dentist only her own lines', async () => {
      const cola = await t.inject('GET', '/api/lineas?pageSize=50', auditor);
      expect(cola.statusCode, cola.body).toBe(200);
      const page = cola.json() as Paginated<LineaPresentada>;
      expect(page.rows.map((l) => l.id).sort()).toEqual([L.aprobar, L.observar, L.parcial].sort());
      expect(page.rows.find((l) => l.id === L.aprobar)).toMatchObject({
        estado: 'presentada',
        muestra: 'monto',
        cierre: A.periodo,
        codigo: '01.01',
        cargoOs: 1_000_000,
        profesional: { id: chair.ana.id },
        resultados: [expect.objectContaining({ nivel: 'ok' })],
        pasos: [],
      });
      const propias = (
        await t.inject('GET', '/api/lineas', chair.ana.auth)
      ).json() as Paginated<LineaPresentada>;
      expect(propias.rows.map((l) => l.id)).toEqual([L.aprobar]);
      expect(propias.rows[0]!.confirmacion).toBeNull();
      expect((await decidir(L.aprobar!, { decision: 'aprobar' }, chair.ana.auth)).statusCode).toBe(403);
    });

    it('approves, approves in part and observes, each with its words when something is missing', async () => {
      const aprobada = await decidir(L.aprobar!, { decision: 'aprobar', nota: 'Conforme' });
      expect(aprobada.statusCode, aprobada.body).toBe(200);
      expect(aprobada.json()).toMatchObject({
        message: 'Decisión registrada',
        linea: {
          estado: 'aprobada',
          importeAprobado: 1_000_000,
          pasos: [expect.objectContaining({ decision: 'aprobar' })],
        },
      });

      const cero = await decidir(L.parcial!, {
        decision: 'aprobar_parcial',
        importeAprobado: 0,
        motivo: 'D14',
      });
      expect(cero.statusCode).toBe(400);
      expect(cero.json().error).toBe(
        'Lo aprobado en parte es un importe mayor que cero y menor que $ 10.000,00',
      );
      const sinMotivo = await decidir(L.parcial!, { decision: 'aprobar_parcial', importeAprobado: 600_000 });
      expect(sinMotivo.json().fields).toEqual({ motivo: 'Elija el motivo del débito' });
      const parcial = await decidir(L.parcial!, {
        decision: 'aprobar_parcial',
        importeAprobado: 600_000,
        motivo: 'D14',
        nota: 'Se paga el arancel de la consulta simple',
      });
      expect(parcial.json().linea).toMatchObject({
        estado: 'aprobada_parcial',
        importeAprobado: 600_000,
        motivo: 'D14',
      });

      const sinNota = await decidir(L.observar!, { decision: 'observar', motivo: 'D05' });
      expect(sinNota.json().fields).toEqual({ nota: 'Escriba qué le pide al profesional' });
      const observada = await decidir(L.observar!, {
        decision: 'observar',
        motivo: 'D05',
        nota: 'Mande la ficha',
      });
      expect(observada.json().linea).toMatchObject({ estado: 'observada', observadaHasta: addDays(hoy, 15) });

      const facturada = await decidir(L.aprobar!, { decision: 'rechazar', motivo: 'D02' });
      expect(facturada.statusCode).toBe(409);
      expect(facturada.json().error).toBe('La prestación está aprobada: no espera la decisión de un auditor');
    });

    it('lets the dentist answer an observation and ask once for a débito to be reconsidered', async () => {
      const ajena = await t.inject('POST', `/api/lineas/${L.observar}/respuesta`, chair.ana.auth, {
        texto: 'Hola',
      });
      expect(ajena.statusCode).toBe(404);
      const respuesta = await t.inject('POST', `/api/lineas/${L.observar}/respuesta`, chair.beto.auth, {
        texto: 'Va la ficha por mail',
      });
      expect(respuesta.statusCode, respuesta.body).toBe(200);
      expect(await estado(L.observar!)).toBe('presentada');
      const otra = await t.inject('POST', `/api/lineas/${L.observar}/respuesta`, chair.beto.auth, {
        texto: 'Otra',
      });
      expect(otra.statusCode).toBe(409);

      const noDebitada = await t.inject('POST', `/api/lineas/${L.aprobar}/reconsideracion`, chair.ana.auth, {
        nota: 'Por las dudas',
      });
      expect(noDebitada.json().error).toBe('Solo se pide reconsideración de una prestación debitada');
      const pedida = await t.inject('POST', `/api/lineas/${L.sinRx}/reconsideracion`, chair.ana.auth, {
        nota: 'La Rx postoperatoria estaba en la ficha',
      });
      expect(pedida.statusCode, pedida.body).toBe(200);
      expect(await estado(L.sinRx!)).toBe('reconsideracion');
      const dosVeces = await t.inject('POST', `/api/lineas/${L.sinRx}/reconsideracion`, chair.ana.auth, {
        nota: 'Otra vez',
      });
      expect(dosVeces.json().error).toBe(
        'Ya pidió la reconsideración de esta prestación: se pide una sola vez',
      );
      const observarla = await decidir(L.sinRx!, { decision: 'observar', motivo: 'D05', nota: 'x' });
      expect(observarla.statusCode).toBe(409);
      expect((await decidir(L.sinRx!, { decision: 'aprobar', nota: 'La Rx estaba' })).statusCode).toBe(200);
    });

    it('settles the decisions at the next closing: the reconsideration paid back, an unanswered observation rejected', async () => {
      // Observed again, and its answer is overdue by the closing.
      await decidir(L.observar!, { decision: 'observar', motivo: 'D05', nota: 'La ficha no llegó' });
      await t.db.execute(
        sql`update lineas set observada_hasta = ${addDays(hoy, -1)} where id = ${L.observar}`,
      );
      const r = await cerrar(B.periodo);
      expect(r.statusCode, r.body).toBe(200);

      const deAna = (
        await t.inject('GET', `/api/liquidaciones?periodo=${B.periodo}&profesional=${chair.ana.id}`, t.admin)
      ).json() as LiquidacionFila[];
      const ana = (
        await t.inject('GET', `/api/liquidaciones/${deAna[0]!.id}`, chair.ana.auth)
      ).json() as Liquidacion;
      expect(ana.items).toEqual([
        expect.objectContaining({
          lineaId: L.aprobar,
          tipo: 'prestacion',
          neto: 1_000_000,
          estado: 'facturada',
        }),
        expect.objectContaining({
          lineaId: L.sinRx,
          tipo: 'reintegro',
          importe: 0,
          debito: -1_000_000,
          neto: 1_000_000,
          estado: 'facturada',
        }),
      ]);
      const deBeto = (
        await t.inject('GET', `/api/liquidaciones?periodo=${B.periodo}&profesional=${chair.beto.id}`, t.admin)
      ).json() as LiquidacionFila[];
      const beto = (
        await t.inject('GET', `/api/liquidaciones/${deBeto[0]!.id}`, chair.beto.auth)
      ).json() as Liquidacion;
      expect(beto.items).toEqual([
        expect.objectContaining({
          lineaId: L.observar,
          neto: 0,
          debito: 1_000_000,
          motivo: 'D05',
          motivoText: `No se respondió la observación del auditor hasta el ${addDays(hoy, -1).split('-').reverse().join('/')}`,
          estado: 'rechazada',
        }),
        expect.objectContaining({
          lineaId: L.parcial,
          neto: 600_000,
          debito: 400_000,
          motivo: 'D14',
          nota: 'Se paga el arancel de la consulta simple',
          estado: 'facturada',
        }),
      ]);
    });

    it('keeps what was paid when a reconsideration of a line paid in part is rejected', async () => {
      const pedida = await t.inject('POST', `/api/lineas/${L.parcial}/reconsideracion`, chair.beto.auth, {
        nota: 'Fue una consulta completa',
      });
      expect(pedida.statusCode, pedida.body).toBe(200);
      const poco = await decidir(L.parcial!, {
        decision: 'aprobar_parcial',
        importeAprobado: 500_000,
        motivo: 'D14',
      });
      expect(poco.json().error).toBe(
        'En la reconsideración, lo aprobado debe superar lo ya pagado ($ 6.000,00)',
      );
      const rechazada = await decidir(L.parcial!, {
        decision: 'rechazar',
        motivo: 'D14',
        nota: 'Se mantiene',
      });
      expect(rechazada.json().linea).toMatchObject({ estado: 'facturada', importeAprobado: 600_000 });

      const [sumas] = await queryRows<{ neto: number; lotes: number }>(
        t.db,
        sql`select (select sum(neto) from liquidaciones)::float8 as neto, (select sum(total) from lotes)::float8 as lotes`,
      );
      expect(sumas!.neto).toBe(sumas!.lotes);
    });
  },
);
