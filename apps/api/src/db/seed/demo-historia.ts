import { createHash } from 'node:crypto';
import { addDays, type LineaPedidaInput, lineaPedidaSchema } from '@red-dental/contracts';
import { eq, sql } from 'drizzle-orm';
import { LEGIBLE } from '../../lib/legible-code.ts';
import { reglasEnVigor } from '../../modules/planes/planes-reglas.repository.ts';
import * as prestaciones from '../../modules/prestaciones/prestaciones.repository.ts';
import { evaluarVisita } from '../../modules/prestaciones/prestaciones-motor.ts';
import { queryRows, type Tx } from '../client.ts';
import { afiliados, users } from '../schema/index.ts';
import { DEMO_AFILIADO_DOCUMENTO, DEMO_PRESTADOR_EMAIL } from './demo-catalog.ts';

/*
 * What the chair finds in the demo: the demo affiliate's teeth treated across
 * the year by other dentists of the network and by the demo dentist, and the
 * demo dentist's month with a few patients. Every visit goes through the rules
 * engine as at the chair, so the fees, copays and results are the plan's.
 */

interface Visita {
  /** Days before today; never before the demo's contracts start. */
  dias: number;
  /** The demo dentist, or another who takes the insurer. */
  propia: boolean;
  lineas: LineaPedidaInput[];
}

const HISTORIA_DEMO: Visita[] = [
  {
    dias: 300,
    propia: false,
    lineas: [
      { codigo: '09.01', pieza: 46 },
      { codigo: '10.01', pieza: 46 },
    ],
  },
  {
    dias: 240,
    propia: false,
    lineas: [
      { codigo: '02.01', pieza: 36, caras: 'O' },
      { codigo: '02.04', pieza: 25, caras: 'MO' },
    ],
  },
  { dias: 150, propia: false, lineas: [{ codigo: '01.01' }, { codigo: '09.03' }] },
  {
    dias: 60,
    propia: true,
    lineas: [{ codigo: '01.01' }, { codigo: '05.01' }, { codigo: '02.03', pieza: 11, caras: 'V' }],
  },
];

/** The demo dentist's visits this month with other patients: a consultation and a filling each. */
const MES_DEMO: LineaPedidaInput[][] = [
  [{ codigo: '01.01' }, { codigo: '02.03', pieza: 26, caras: 'O' }],
  [{ codigo: '01.03' }],
  [{ codigo: '05.01' }, { codigo: '09.01', pieza: 14 }],
  [{ codigo: '01.01' }, { codigo: '02.04', pieza: 46, caras: 'OD' }],
];

const CONTRATOS_DESDE = '2026-01-02';

/** A validation code the same on every run for the same visit. */
function codigoDemo(semilla: string): string {
  const bytes = createHash('sha256').update(semilla).digest();
  const chars = [...bytes.subarray(0, 8)].map((b) => LEGIBLE[b % LEGIBLE.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

async function registrar(
  tx: Tx,
  v: { userId: number; documento: string; fecha: string; lineas: LineaPedidaInput[] },
): Promise<boolean> {
  const ctx = await prestaciones.findContexto(tx, {
    userId: v.userId,
    documento: v.documento,
    fecha: v.fecha,
  });
  const a = ctx.afiliado;
  if (!ctx.profesional || !a?.plan || !a.obraSocial || !ctx.convenio) return false;
  const lineas = v.lineas.map((l) => lineaPedidaSchema.parse(l));
  const datos = await prestaciones.findDatos(tx, {
    afiliadoId: a.id,
    codigos: lineas.map((l) => l.codigo),
    convenioId: ctx.convenio.id,
    fecha: v.fecha,
  });
  const juzgadas = evaluarVisita(
    {
      fecha: v.fecha,
      momento: 'atencion',
      canal: 'normal',
      profesionalId: ctx.profesional.id,
      afiliado: {
        fechaNacimiento: a.fechaNacimiento,
        fechaAlta: a.fechaAlta,
        fechaBaja: a.fechaBaja,
        plan: a.plan.nombre,
      },
      convenio: {
        requiereToken: ctx.convenio.requiereToken,
        tokenBloquea: ctx.convenio.tokenBloquea,
        plazoUrgenciaDias: ctx.convenio.plazoUrgenciaDias,
      },
      tokenProbado: false,
      reglas: (await reglasEnVigor(tx, a.plan.id, v.fecha)) ?? [],
      codigos: datos.codigos,
      aranceles: datos.aranceles,
      historia: datos.historia,
      autorizaciones: [],
    },
    lineas,
  );
  if (juzgadas.some((j) => j.nivel === 'bloqueo')) return false;
  await prestaciones.insertAtencion(
    tx,
    {
      codigoValidacion: codigoDemo(`${v.documento}:${v.fecha}:${v.userId}`),
      afiliadoId: a.id,
      profesionalId: ctx.profesional.id,
      obraSocialId: a.obraSocial.id,
      convenioId: ctx.convenio.id,
      planId: a.plan.id,
      fecha: v.fecha,
      canal: 'normal',
      tokenProbado: false,
      userId: v.userId,
    },
    juzgadas.map((j) => ({
      codigoId: datos.codigos.get(j.linea.codigo)!.id,
      pieza: j.linea.pieza,
      caras: j.linea.caras ?? '',
      sector: j.linea.sector,
      autorizacion: null,
      adjuntos: j.linea.adjuntos,
      importe: j.importe!,
      coseguro: j.coseguro,
      cargoOs: j.cargoOs,
      resultados: j.resultados,
      regularizarAntes: j.regularizarAntes,
    })),
  );
  return true;
}

/**
 * The demo affiliate's history (with a fecha de alta old enough for every
 * waiting period) and the demo dentist's month; answers how many visits
 * were recorded. `today` is the network's day the demo is loaded on.
 */
export async function insertDemoHistoria(tx: Tx, today: string): Promise<number> {
  const fecha = (dias: number) => {
    const day = addDays(today, -dias);
    return day < CONTRATOS_DESDE ? CONTRATOS_DESDE : day;
  };
  await tx
    .update(afiliados)
    .set({ fechaAlta: '2019-03-01' })
    .where(eq(afiliados.documento, DEMO_AFILIADO_DOCUMENTO));
  const [demo] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PRESTADOR_EMAIL));
  // Another dentist of the network who takes the demo affiliate's insurer.
  const [otro] = await queryRows<{ user_id: number }>(
    tx,
    sql`select p.user_id from profesionales p
        join profesional_obras_sociales x on x.profesional_id = p.id
        join afiliados a on a.obra_social_id = x.obra_social_id and a.documento = ${DEMO_AFILIADO_DOCUMENTO}
        join users u on u.id = p.user_id and u.status = 'active'
        where u.email <> ${DEMO_PRESTADOR_EMAIL} order by p.id limit 1`,
  );
  if (!demo || !otro) return 0;
  let n = 0;
  for (const v of HISTORIA_DEMO)
    if (
      await registrar(tx, {
        userId: v.propia ? demo.id : otro.user_id,
        documento: DEMO_AFILIADO_DOCUMENTO,
        fecha: fecha(v.dias),
        lineas: v.lineas,
      })
    )
      n += 1;
  // Patients of the month: affiliates with a plan of an insurer the demo dentist takes.
  const pacientes = await queryRows<{ documento: string }>(
    tx,
    sql`select a.documento from afiliados a
        join profesional_obras_sociales x on x.obra_social_id = a.obra_social_id
        join profesionales p on p.id = x.profesional_id and p.user_id = ${demo.id}
        where a.plan_id is not null and a.documento <> ${DEMO_AFILIADO_DOCUMENTO}
          and a.fecha_alta < ${addDays(today, -400)}::date
        order by a.id limit ${MES_DEMO.length}`,
  );
  const primero = `${today.slice(0, 8)}01`;
  for (const [i, p] of pacientes.entries()) {
    const day = addDays(primero, Math.min(i * 2, Number(today.slice(8)) - 1));
    if (await registrar(tx, { userId: demo.id, documento: p.documento, fecha: day, lineas: MES_DEMO[i]! }))
      n += 1;
  }
  return n;
}
