import { addMonths, networkClock, type Simulacion } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { importAranceles } from '../convenios/convenios.factories.ts';
import { importReglas } from '../planes/planes.factories.ts';
import { type Chair, createPaciente, setupChair, validar } from '../prestaciones/prestaciones.factories.ts';

/** The 10th of the month `n` months before today's. */
const diaDelMes = (n: number) =>
  `${addMonths(`${networkClock(new Date()).date.slice(0, 7)}-01`, -n).slice(0, 8)}10`;

describe.each(BACKENDS)('simulating a change of rules or fees (%s)', (backend) => {
  const t = useTestApp(backend, { staff: true });
  let chair: Chair;
  const lineas: Record<string, number> = {};

  const linea = async (auth: Record<string, string>, documento: string, fecha: string, l: object) => {
    const response = await validar(t.app, auth, { documento, fecha, lineas: [l] } as never);
    if (response.statusCode !== 200) throw new Error(response.body);
    return (response.json() as { lineas: { id: number }[] }).lineas[0]!.id;
  };

  beforeAll(async () => {
    chair = await setupChair(t.app, t.admin, t.staff, `${backend}-sim`);
    await t.db.execute(
      sql`update convenios set plazo_presentacion_dias = 120 where id = ${chair.convenio.id}`,
    );
    const [p1, p2] = await Promise.all([1, 2].map(() => createPaciente(t.app, t.staff, chair)));
    // Two consultations of one affiliate a month apart, and a filling of another (10 % copay).
    lineas.primera = await linea(chair.ana.auth, p1!.documento, diaDelMes(2), { codigo: '01.01' });
    lineas.segunda = await linea(chair.beto.auth, p1!.documento, diaDelMes(1), { codigo: '01.01' });
    lineas.obturacion = await linea(chair.ana.auth, p2!.documento, diaDelMes(1), {
      codigo: '02.01',
      pieza: 36,
      caras: 'O',
    });
  });

  const fila = (s: Simulacion, codigo: string | null) =>
    s.filas.find((f) => f.obraSocial.id === chair.os.id && f.codigo === codigo);

  it('replays the last three months under a plan’s draft rules, per insurer and débito, and keeps nothing', async () => {
    const exportada = await t.inject('GET', `/api/planes/${chair.plan.id}/reglas/export`, t.admin);
    expect(exportada.statusCode).toBe(200);
    // The draft: the consultation once a year per affiliate (frequency, days, scope).
    const [cabecera, ...filas] = exportada.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const columnas = cabecera!.split(';');
    const borrador = [
      cabecera,
      ...filas.map((f) => {
        if (!f.startsWith('01.01;')) return f;
        const celdas = f.split(';');
        celdas[columnas.indexOf('frecuencia')] = '1';
        celdas[columnas.indexOf('periodo_dias')] = '365';
        celdas[columnas.indexOf('ambito')] = 'afiliado';
        return celdas.join(';');
      }),
    ].join('\r\n');

    const auditadas = async () =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log`))[0]!.n;
    const antes = await auditadas();
    const response = await importReglas(t.app, t.admin, chair.plan.id, borrador, { simular: true });
    expect(response.statusCode, response.body).toBe(200);
    const r = response.json() as { dryRun: boolean; simulacion: Simulacion };
    expect(r.dryRun).toBe(true);
    const s = r.simulacion;
    const hoy = networkClock(new Date()).date;
    expect(s.desde).toBe(addMonths(`${hoy.slice(0, 7)}-01`, -3));
    // By hand: $ 10.000 per line; the filling's 10 % copay leaves the insurer $ 9.000. Under the
    // draft the second consultation is the second in a year: debited D03, its $ 10.000 with it.
    expect({ lineas: s.lineas, cambian: s.cambian }).toEqual({ lineas: 3, cambian: 1 });
    expect(fila(s, null)).toMatchObject({
      antes: { lineas: 3, importe: 2_900_000 },
      despues: { lineas: 2, importe: 1_900_000 },
    });
    expect(fila(s, 'D03')).toMatchObject({
      antes: { lineas: 0, importe: 0 },
      despues: { lineas: 1, importe: 1_000_000 },
    });
    expect(s.ejemplos).toEqual([
      expect.objectContaining({
        lineaId: lineas.segunda,
        codigo: '01.01',
        profesional: chair.beto.nombre,
        antes: { codigo: null, importe: 1_000_000 },
        despues: { codigo: 'D03', importe: 1_000_000 },
      }),
    ]);
    // Nothing was kept: the plan's rules export as before, and nothing was audited.
    expect((await t.inject('GET', `/api/planes/${chair.plan.id}/reglas/export`, t.admin)).body).toBe(
      exportada.body,
    );
    expect(await auditadas()).toBe(antes);
  });

  it('replays them under a contract’s draft fees', async () => {
    const desde = addMonths(`${networkClock(new Date()).date.slice(0, 7)}-01`, -2);
    const fecha = `${desde.slice(8, 10)}/${desde.slice(5, 7)}/${desde.slice(0, 4)}`;
    const borrador = ['codigo;importe;vigente_desde;vigente_hasta', `02.01;12.000,00;${fecha};`].join('\r\n');
    const response = await importAranceles(t.app, t.admin, chair.convenio.id, borrador, { simular: true });
    expect(response.statusCode, response.body).toBe(200);
    const s = (response.json() as { simulacion: Simulacion }).simulacion;
    // The filling is $ 12.000 from the draft on: the insurer pays 90 %, $ 10.800 instead of $ 9.000.
    expect({ lineas: s.lineas, cambian: s.cambian }).toEqual({ lineas: 3, cambian: 1 });
    expect(fila(s, null)).toMatchObject({
      antes: { lineas: 3, importe: 2_900_000 },
      despues: { lineas: 3, importe: 3_080_000 },
    });
    expect(s.ejemplos[0]).toMatchObject({
      lineaId: lineas.obturacion,
      antes: { codigo: null, importe: 900_000 },
      despues: { codigo: null, importe: 1_080_000 },
    });
    const fees = await t.inject('GET', `/api/convenios/${chair.convenio.id}/aranceles?search=02.01`, t.admin);
    expect(fees.body).not.toContain('1200000');
  });

  it('simulates nothing while the draft has refused lines, and refuses a dentist', async () => {
    const malo = ['codigo;importe;vigente_desde;vigente_hasta', '99.99;12.000,00;01/01/2026;'].join('\r\n');
    const response = await importAranceles(t.app, t.admin, chair.convenio.id, malo, { simular: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ dryRun: true, errorCount: 1 });
    expect(response.json().simulacion).toBeUndefined();
    const dentista = await importAranceles(t.app, chair.ana.auth, chair.convenio.id, malo, { simular: true });
    expect(dentista.statusCode).toBe(403);
  });
});
