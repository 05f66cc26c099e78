import { type Convenio, type Liquidacion, type LiquidacionFila, networkClock } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, signInWithRole, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { type Chair, createPaciente, setupChair, validar } from '../prestaciones/prestaciones.factories.ts';
import { sorteo } from './cierre-motor.ts';

/** The month `n` months before today's, and a day in it. */
function mesAtras(n: number) {
  const [y, m] = networkClock(new Date()).date.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 10));
  return { periodo: d.toISOString().slice(0, 7), dia: d.toISOString().slice(0, 10) };
}

describe.each(BACKENDS)('extrapolating what the auditors find in the random sample (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let chair: Chair;
  let auditor: Record<string, string>;
  const C = mesAtras(4);
  const D = mesAtras(3);
  const A = mesAtras(2);
  const B = mesAtras(1);
  const ids: number[] = [];
  const muestra = { porcentaje: 50, desde: null, desvio: null };
  let semilla = 0;
  const cerrar = (periodo: string) =>
    t.inject('POST', `/api/periodos/${periodo}/cierre`, t.admin, { semilla, muestra });

  /** `n` consultations of a dentist's on a day, $ 10.000 each, all paid by the insurer: their lines' ids. */
  async function consultas(dentista: Chair['ana'], fecha: string, n: number) {
    for (let i = 0; i < n; i++) {
      const p = await createPaciente(t.app, t.staff, chair);
      const r = await validar(t.app, dentista.auth, {
        documento: p.documento,
        fecha,
        lineas: [{ codigo: '01.01' }],
      } as never);
      expect(r.statusCode, r.body).toBe(200);
    }
    return (
      await queryRows<{ id: number }>(
        t.db,
        sql`select id from lineas where profesional_id = ${dentista.id} and fecha = ${fecha} order by id`,
      )
    ).map((r) => r.id);
  }
  /** A seed that draws exactly `k` of the lines into the random half. */
  const semillaPara = (lineas: number[], k: number) => {
    let s = 1;
    while (lineas.filter((id) => sorteo(s, id) < 0.5).length !== k) s++;
    return s;
  };
  const decidirMuestra = async (muestreadas: number[]) => {
    const rechazo = await t.inject('PUT', `/api/lineas/${muestreadas[0]}/decision`, auditor, {
      decision: 'rechazar',
      motivo: 'D11',
      nota: 'La misma consulta se cargó dos veces',
    });
    expect(rechazo.statusCode, rechazo.body).toBe(200);
    for (const id of muestreadas.slice(1))
      expect(
        (await t.inject('PUT', `/api/lineas/${id}/decision`, auditor, { decision: 'aprobar' })).statusCode,
      ).toBe(200);
  };
  const extrapoladasEnTotal = async () =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from liquidacion_items where tipo = 'extrapolacion'`,
      )
    )[0]!.n;

  beforeAll(async () => {
    chair = await setupChair(t.app, t.admin, t.staff, `${backend}-extra`);
    await t.db.execute(
      sql`update convenios set plazo_presentacion_dias = 200 where id = ${chair.convenio.id}`,
    );
    auditor = await signInWithRole(t.app, t.admin, 'AUDITOR ODONTOLÓGICO');
  });

  it('does not reach back to a month closed before the contract said so', async () => {
    const lineas = await consultas(chair.beto, C.dia, 4);
    semilla = semillaPara(lineas, 2);
    expect((await cerrar(C.periodo)).statusCode).toBe(200);

    // The contract says from now on that the sample's findings extrapolate: set as staff set it.
    const leer = async () =>
      ((await t.inject('GET', '/api/convenios', t.admin)).json() as Convenio[]).find(
        (x) => x.id === chair.convenio.id,
      )!;
    const { id, obraSocial, aranceles: _a, ...values } = await leer();
    const puesto = await t.inject('PUT', `/api/convenios/${id}`, t.admin, {
      ...values,
      obraSocialId: obraSocial.id,
      extrapolaMuestra: true,
    });
    expect(puesto.statusCode, puesto.body).toBe(200);
    expect((await leer()).extrapolaMuestra).toBe(true);

    await decidirMuestra(lineas.filter((l) => sorteo(semilla, l) < 0.5));
    expect((await cerrar(D.periodo)).statusCode).toBe(200);
    expect(await extrapoladasEnTotal()).toBe(0);
  });

  it('debits, once the sample is decided, its debited share from the month’s lines approved unseen', async () => {
    ids.push(...(await consultas(chair.ana, A.dia, 6)));
    semilla = semillaPara(ids, 2);
    expect((await cerrar(A.periodo)).statusCode).toBe(200);
    const muestreadas = ids.filter((id) => sorteo(semilla, id) < 0.5);
    const aprobadas = ids.filter((id) => !muestreadas.includes(id));
    const filas = await queryRows<{ id: number; muestra: string | null; estado: string }>(
      t.db,
      sql`select id, muestra, estado from lineas where profesional_id = ${chair.ana.id} and fecha = ${A.dia} order by id`,
    );
    expect(filas.filter((f) => f.muestra === 'azar').map((f) => f.id)).toEqual(muestreadas);
    expect(filas.filter((f) => f.estado === 'facturada').map((f) => f.id)).toEqual(aprobadas);

    // The auditor rejects one of the two sampled: half of what was sampled is debited.
    await decidirMuestra(muestreadas);

    expect((await cerrar(B.periodo)).statusCode).toBe(200);
    const [fila] = (
      await t.inject('GET', `/api/liquidaciones?periodo=${B.periodo}&profesional=${chair.ana.id}`, t.admin)
    ).json() as LiquidacionFila[];
    const q = (await t.inject('GET', `/api/liquidaciones/${fila!.id}`, t.admin)).json() as Liquidacion;
    // By hand: the two sampled settle now (one approved, $ 10.000; one rejected, D11); the four
    // approved unseen lose 50 % of $ 10.000 each, $ 5.000, as one item apiece.
    const extrapoladas = q.items.filter((i) => i.tipo === 'extrapolacion');
    expect(extrapoladas.map((i) => i.lineaId).sort((x, y) => x - y)).toEqual(aprobadas);
    for (const i of extrapoladas)
      expect(i).toMatchObject({
        importe: 0,
        coseguro: 0,
        debito: 500_000,
        neto: -500_000,
        motivo: null,
        motivoText: `Muestra de ${A.periodo.slice(5, 7)}/${A.periodo.slice(0, 4)}: la auditoría debitó el 50,0 % de lo muestreado`,
      });
    expect(q).toMatchObject({ lineas: 2, bruto: 2_000_000, debitos: 3_000_000, neto: -1_000_000 });

    // Closing again, or the next month, extrapolates nothing twice.
    expect((await cerrar(B.periodo)).statusCode).toBe(200);
    expect(await extrapoladasEnTotal()).toBe(4);
    expect(
      await queryRows(
        t.db,
        sql`select periodo, profesional_id, muestreado::float8 as muestreado, debitado::float8 as debitado, en
            from extrapolaciones`,
      ),
    ).toEqual([
      {
        periodo: A.periodo,
        profesional_id: chair.ana.id,
        muestreado: 2_000_000,
        debitado: 1_000_000,
        en: B.periodo,
      },
    ]);
    // Every centavo: what the dentists are paid and what the network kept by extrapolating is what
    // the lots billed.
    const [sumas] = await queryRows<{ neto: number; retenido: number; lotes: number }>(
      t.db,
      sql`select (select sum(neto)::float8 from liquidaciones) as neto,
            (select sum(debito)::float8 from liquidacion_items where tipo = 'extrapolacion') as retenido,
            (select sum(total)::float8 from lotes) as lotes`,
    );
    // Ana: $ 40.000 billed and settled for A, then $ 10.000 billed and $ 20.000 kept in B; Beto's two months
    // of $ 30.000 billed and settled, with nothing extrapolated.
    expect(sumas).toEqual({ neto: 6_000_000, retenido: 2_000_000, lotes: 8_000_000 });
  });
});
