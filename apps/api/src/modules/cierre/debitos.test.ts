import {
  type DebitoOs,
  type DebitosImportResult,
  type Liquidacion,
  type LiquidacionFila,
  type Lote,
  networkClock,
} from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, multipart, useTestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/client.ts';
import { type Chair, createPaciente, setupChair, validar } from '../prestaciones/prestaciones.factories.ts';

/** The month `n` months before today's, and a day in it. */
function mesAtras(n: number, dia = 10) {
  const [y, m] = networkClock(new Date()).date.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, dia));
  return { periodo: d.toISOString().slice(0, 7), dia: d.toISOString().slice(0, 10) };
}

describe.each(BACKENDS)(
  'the insurer’s débitos on a lot, passed on or absorbed, and rebilling (%s)',
  (backend) => {
    const t = useTestApp(backend, { staff: true });
    let chair: Chair;
    const A = mesAtras(2);
    const B = mesAtras(1);
    const L: Record<string, { id: number; codigoValidacion: string }> = {};
    let lote: Lote;

    async function linea(auth: Record<string, string>, documento: string, fecha: string, l: object) {
      const response = await validar(t.app, auth, { documento, fecha, lineas: [l] } as never);
      expect(response.statusCode, response.body).toBe(200);
      const codigoValidacion = response.json().codigoValidacion as string;
      const [row] = await queryRows<{ id: number }>(
        t.db,
        sql`select l.id from lineas l join atenciones a on a.id = l.atencion_id where a.codigo_validacion = ${codigoValidacion}`,
      );
      return { id: row!.id, codigoValidacion };
    }
    const importar = (csv: string, dryRun: boolean) => {
      const form = multipart({}, { name: 'debitos-osde.csv', content: csv });
      return t.app.inject({
        method: 'POST',
        url: `/api/lotes/${lote.id}/debitos/import${dryRun ? '?dryRun=true' : ''}`,
        headers: { ...t.admin, ...form.headers },
        payload: form.payload,
      });
    };
    const cerrar = (periodo: string) =>
      t.inject('POST', `/api/periodos/${periodo}/cierre`, t.admin, {
        muestra: { porcentaje: 0, desde: null, desvio: null },
      });

    beforeAll(async () => {
      chair = await setupChair(t.app, t.admin, t.staff, `${backend}-debitos`);
      await t.db.execute(
        sql`update convenios set plazo_presentacion_dias = 120 where id = ${chair.convenio.id}`,
      );
      const [p1, p2] = await Promise.all([
        createPaciente(t.app, t.staff, chair),
        createPaciente(t.app, t.staff, chair),
      ]);
      L.sinRx = await linea(chair.ana.auth, p1!.documento, mesAtras(2, 5).dia, {
        codigo: '02.01',
        pieza: 36,
        caras: 'O',
      });
      L.tarde = await linea(chair.ana.auth, p1!.documento, mesAtras(2, 5).dia, { codigo: '01.01' });
      L.deAna21 = await linea(chair.ana.auth, p2!.documento, mesAtras(2, 5).dia, {
        codigo: '02.01',
        pieza: 21,
        caras: 'M',
      });
      L.garantia = await linea(chair.beto.auth, p2!.documento, A.dia, {
        codigo: '02.01',
        pieza: 21,
        caras: 'V',
      });
      L.sinFirma = await linea(chair.beto.auth, p2!.documento, A.dia, { codigo: '01.01' });
      expect((await cerrar(A.periodo)).statusCode).toBe(200);
      lote = ((await t.inject('GET', `/api/lotes?periodo=${A.periodo}`, t.admin)).json() as Lote[])[0]!;
    });

    it('previews the file line by line and writes nothing while a line is refused', async () => {
      const csv = [
        'linea;codigo_validacion;importe;motivo',
        `${L.sinRx!.id};;9.000,00;D05 falta la Rx preoperatoria`,
        ';NOES-UNAA;1.000,00;D13 fuera de término',
        `${L.sinRx!.id};;100,00;repetida`,
        `${L.sinFirma!.id};;20.000,00;D02 no cubierto`,
        `${L.garantia!.id};;;D04`,
      ].join('\n');
      const preview = await importar(csv, true);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json() as DebitosImportResult).toMatchObject({
        dryRun: true,
        count: 1,
        errorCount: 4,
        errors: [
          { line: 3, message: 'La línea no está en este lote' },
          { line: 4, message: 'La línea ya tiene un débito en este lote' },
          { line: 5, message: 'El débito supera lo facturado por la línea ($ 10.000,00)' },
          { line: 6, message: 'El importe es un monto en pesos mayor que cero (12.345,67)' },
        ],
      });
      const refused = await importar(csv, false);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('El archivo tiene 4 líneas con errores: no se cargó ningún débito');
      expect((await t.inject('GET', `/api/lotes/${lote.id}/debitos`, t.admin)).json()).toEqual([]);
    });

    it('passes each débito on or absorbs it by its reason: a guarantee redone goes to the dentist whose work it was', async () => {
      const csv = [
        'linea;codigo_validacion;importe;motivo',
        `${L.sinRx!.id};;9.000,00;D05 falta la Rx preoperatoria`,
        `;${L.tarde!.codigoValidacion.toLowerCase()};10.000,00;D13 presentada fuera de término`,
        `${L.garantia!.id};;9.000,00;D04 pieza en garantía`,
        `${L.sinFirma!.id};;500,00;Falta la firma del afiliado`,
      ].join('\n');
      const r = await importar(csv, false);
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json()).toMatchObject({
        count: 4,
        importe: 2_850_000,
        trasladados: 2,
        absorbidos: 1,
        sinDecidir: 1,
      });
      const lista = (await t.inject('GET', `/api/lotes/${lote.id}/debitos`, t.admin)).json() as DebitoOs[];
      const de = (id: number) => lista.find((d) => d.lineaId === id)!;
      expect(de(L.sinRx!.id)).toMatchObject({
        decision: 'trasladado',
        cargoA: { id: chair.ana.id },
        porRegla: true,
        codigoDebito: 'D05',
      });
      expect(de(L.tarde!.id)).toMatchObject({ decision: 'absorbido', cargoA: null, refacturarHasta: null });
      expect(de(L.garantia!.id)).toMatchObject({
        decision: 'trasladado',
        cargoA: { id: chair.ana.id },
        profesional: { id: chair.beto.id },
      });
      expect(de(L.sinFirma!.id)).toMatchObject({ decision: null, codigoDebito: null });
      const [{ estado }] = (await queryRows<{ estado: string }>(
        t.db,
        sql`select estado from lineas where id = ${L.sinRx!.id}`,
      )) as [{ estado: string }];
      expect(estado).toBe('debitada_os');

      const decidido = await t.inject(
        'PUT',
        `/api/lotes/${lote.id}/debitos/${de(L.sinFirma!.id).id}`,
        t.admin,
        { decision: 'trasladado' },
      );
      expect(decidido.statusCode, decidido.body).toBe(200);
      expect(decidido.json().debito).toMatchObject({
        decision: 'trasladado',
        cargoA: { id: chair.beto.id },
        porRegla: false,
      });
    });

    it('rebills a line whose débito went to its own dentist, once and within the window', async () => {
      const absorbida = await t.inject('POST', `/api/lineas/${L.tarde!.id}/refacturar`, t.admin);
      expect(absorbida.statusCode).toBe(409);
      expect(absorbida.json().error).toBe(
        'Solo se refactura una línea con un débito de la obra social trasladado a su prestador',
      );
      expect((await t.inject('POST', `/api/lineas/${L.garantia!.id}/refacturar`, t.admin)).statusCode).toBe(
        409,
      );
      const ok = await t.inject('POST', `/api/lineas/${L.sinRx!.id}/refacturar`, t.admin);
      expect(ok.statusCode, ok.body).toBe(200);
      const otra = await t.inject('POST', `/api/lineas/${L.sinRx!.id}/refacturar`, t.admin);
      expect(otra.json().error).toBe('La línea ya se refacturó');
      // Its débito stays its dentist's: absorbed now, she would be paid the line twice.
      const lista = (await t.inject('GET', `/api/lotes/${lote.id}/debitos`, t.admin)).json() as DebitoOs[];
      const suyo = lista.find((d) => d.lineaId === L.sinRx!.id)!;
      expect(suyo.refacturada).toBe(true);
      const absorber = await t.inject('PUT', `/api/lotes/${lote.id}/debitos/${suyo.id}`, t.admin, {
        decision: 'absorbido',
      });
      expect(absorber.statusCode).toBe(409);
      expect(absorber.json().error).toBe('La línea ya se refacturó: el débito queda a cargo de su prestador');
    });

    it('settles the débitos passed on at the next closing and bills the rebilled line, every centavo accounted for', async () => {
      const r = await cerrar(B.periodo);
      expect(r.statusCode, r.body).toBe(200);
      const q = (
        await t.inject('GET', `/api/liquidaciones?periodo=${B.periodo}&profesional=${chair.ana.id}`, t.admin)
      ).json() as LiquidacionFila[];
      const ana = (
        await t.inject('GET', `/api/liquidaciones/${q[0]!.id}`, chair.ana.auth)
      ).json() as Liquidacion;
      expect(ana.items).toEqual([
        expect.objectContaining({
          lineaId: L.sinRx!.id,
          tipo: 'debito_os',
          debito: 900_000,
          neto: -900_000,
          motivo: 'D05',
        }),
        // The rebilled line, of the same day of service.
        expect.objectContaining({
          tipo: 'prestacion',
          codigo: '02.01',
          importe: 900_000,
          neto: 900_000,
          estado: 'facturada',
        }),
        expect.objectContaining({
          lineaId: L.garantia!.id,
          tipo: 'debito_os',
          debito: 900_000,
          neto: -900_000,
          motivo: 'D04',
        }),
      ]);
      expect(q[0]).toMatchObject({ lineas: 1, neto: -900_000 });
      const [refacturada] = await queryRows<{ estado: string }>(
        t.db,
        sql`select estado from lineas where id = ${L.sinRx!.id}`,
      );
      expect(refacturada!.estado).toBe('refacturada');
      const otra = await t.inject(
        'PUT',
        `/api/lotes/${lote.id}/debitos/${(await t.inject('GET', `/api/lotes/${lote.id}/debitos`, t.admin)).json()[0].id}`,
        t.admin,
        { decision: 'absorbido' },
      );
      expect(otra.json().error).toBe('El débito ya se trasladó en una liquidación: no se cambia');

      const [s] = await queryRows<{ neto: number; lotes: number; trasladados: number; absorbidos: number }>(
        t.db,
        sql`select (select sum(neto) from liquidaciones)::float8 as neto, (select sum(total) from lotes)::float8 as lotes,
            (select sum(importe) from debitos_os where decision = 'trasladado')::float8 as trasladados,
            (select sum(importe) from debitos_os where decision = 'absorbido')::float8 as absorbidos`,
      );
      expect(s!.neto).toBe(s!.lotes - s!.trasladados);
      expect(s!.absorbidos).toBe(1_000_000);
      // Each step that moves money is in the audit log, by whom.
      const auditadas = await queryRows<{ action: string; entity: string; details: Record<string, unknown> }>(
        t.db,
        sql`select action, entity, details from audit_log where entity in ('lote', 'linea') order by id`,
      );
      expect(auditadas).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'import',
            entity: 'lote',
            details: expect.objectContaining({ count: 4, trasladados: 2 }),
          }),
          expect.objectContaining({
            action: 'update',
            entity: 'lote',
            details: expect.objectContaining({ decision: 'trasladado' }),
          }),
          expect.objectContaining({
            action: 'create',
            entity: 'linea',
            details: expect.objectContaining({ refacturaDe: L.sinRx!.id }),
          }),
        ]),
      );
    });
  },
);
