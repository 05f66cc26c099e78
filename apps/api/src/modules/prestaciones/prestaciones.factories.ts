import { networkClock, type ReglaInput, type ValidarInput } from '@red-dental/contracts';
import { loginAs } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { createAfiliado } from '../afiliados/afiliados.factories.ts';
import { createConvenio, importAranceles } from '../convenios/convenios.factories.ts';
import { loadCodigos } from '../nomenclador/nomenclador.factories.ts';
import { createObraSocial } from '../obras-sociales/obras-sociales.factories.ts';
import { createPlan, createRegla } from '../planes/planes.factories.ts';
import { createDentist } from '../profesionales/profesionales.factories.ts';

/** The network's day today, as the chair dates a visit. */
export const hoy = () => networkClock(new Date()).date;

/** Every code of the sample table at $ 10.000,00 under the contract, from 2026. */
const ARANCELES = [
  'codigo;importe;vigente_desde;vigente_hasta',
  ...['01.01', '02.01', '02.02', '03.01', '05.01', '06.01', '07.01'].map((c) => `${c};10.000,00;01/01/2026;`),
].join('\r\n');

/** The plan's rules the chair's tests lean on: one of each kind a visit meets every day. */
export const REGLAS_CHAIR: Partial<ReglaInput>[] = [
  { objetivo: '01.01' },
  { objetivo: '05.01', frecuencia: 1, periodoDias: 180, ambito: 'afiliado', coseguroImporte: 50_000 },
  { objetivo: 'grupo:Obturaciones', garantiaMeses: 24, coseguroPct: 10 },
  { objetivo: '03.01', requiereAutorizacion: true, adjuntos: ['rx_pre'] },
  { objetivo: '06.01', edadMin: 10, edadMax: 18 },
];

/**
 * A network's contract and plan for the chair: the sample code table with its
 * group of fillings, an insurer (and another) with a contract and fees, and a
 * plan with REGLAS_CHAIR.
 */
export async function setupRed(
  app: App,
  admin: Record<string, string>,
  staff: Record<string, string>,
  tag: string,
) {
  await loadCodigos(app, admin);
  await app.inject({
    method: 'POST',
    url: '/api/nomenclador/grupos',
    headers: admin,
    payload: { nombre: 'Obturaciones', codigos: ['02.01', '02.02'] },
  });
  const os = await createObraSocial(app, staff, { nombre: `OS Sillón ${tag}` });
  const otra = await createObraSocial(app, staff, { nombre: `OS Otra ${tag}` });
  const convenio = await createConvenio(app, admin, os.id, {
    plazoPresentacionDias: 30,
    plazoUrgenciaDias: 3,
  });
  const fees = await importAranceles(app, admin, convenio.id, ARANCELES);
  if (fees.statusCode !== 201) throw new Error(`aranceles: ${fees.statusCode} ${fees.body}`);
  const plan = await createPlan(app, admin, os.id, { codigo: `S-${tag}`, nombre: `Plan Sillón ${tag}` });
  for (const r of REGLAS_CHAIR) await createRegla(app, admin, plan.id, r);
  return { os, otra, convenio, plan };
}

/**
 * setupRed, and two dentists who take the insurer and one who does not, each
 * signed in.
 */
export async function setupChair(
  app: App,
  admin: Record<string, string>,
  staff: Record<string, string>,
  tag: string,
) {
  const red = await setupRed(app, admin, staff, tag);
  const dentist = async (nombre: string, obrasSociales: number[]) => {
    const d = await createDentist(app, admin, { nombre, obrasSociales });
    return { ...d, auth: await loginAs(app, d.email, d.password) };
  };
  return {
    ...red,
    ana: await dentist(`Ana Sillón ${tag}`, [red.os.id]),
    beto: await dentist(`Beto Sillón ${tag}`, [red.os.id, red.otra.id]),
    ciro: await dentist(`Ciro Sillón ${tag}`, [red.otra.id]),
  };
}

export type Chair = Awaited<ReturnType<typeof setupChair>>;

/** An affiliate of the chair's plan, registered in 2020 and born in 1985 unless told. */
export function createPaciente(
  app: App,
  staff: Record<string, string>,
  chair: Pick<Chair, 'os' | 'plan'>,
  over: { fecha_nacimiento?: string; fechaAlta?: string } = {},
) {
  return createAfiliado(app, staff, chair.os.id, {
    fecha_nacimiento: over.fecha_nacimiento ?? '1985-05-20',
    plan: { id: chair.plan.id },
    fechaAlta: over.fechaAlta ?? '2020-01-01',
  });
}

/** POST /api/prestaciones/validar as the chair sends it, dated today unless told. */
export function validar(
  app: App,
  auth: Record<string, string>,
  body: Omit<ValidarInput, 'fecha'> & { fecha?: string },
  options: { dryRun?: boolean } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/prestaciones/validar${options.dryRun ? '?dryRun=true' : ''}`,
    headers: auth,
    payload: { fecha: hoy(), ...body },
  });
}
