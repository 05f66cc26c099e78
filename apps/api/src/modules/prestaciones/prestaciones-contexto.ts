import { MESSAGES } from '@red-dental/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { reglasEnVigor } from '../planes/planes-reglas.repository.ts';
import type * as repo from './prestaciones.repository.ts';
import type { AutorizacionMotor, ContextoMotor } from './prestaciones-motor.ts';

/*
 * What the rules engine is given, read from the database: who is at the chair,
 * for whom, and everything the rules need. The chair and a prior
 * authorization's request judge lines with it alike.
 */

const M = MESSAGES.prestaciones;

/** The dentist behind the account, or 403: only a professional of the network records lines. */
export function profesionalOf(ctx: repo.Contexto) {
  if (!ctx.profesional) throw forbidden(M.NOT_A_PRESTADOR);
  return ctx.profesional;
}

/** The affiliate of the document, or 404 with words. */
export function afiliadoOf(ctx: repo.Contexto) {
  if (!ctx.afiliado) throw notFound(M.AFILIADO_NOT_FOUND);
  return ctx.afiliado;
}

/** The engine's context for a visit: everything read, nothing left to look up. */
export async function contextoMotor(
  db: DbOrTx,
  /** The database whose memory keeps the plans' rules (the same for every transaction on it). */
  owner: object,
  ctx: repo.Contexto,
  profesionalId: number,
  datos: repo.Datos,
  v: { fecha: string; canal: ContextoMotor['canal']; tokenProbado: boolean },
  /** The items of the prior authorizations the lines name. */
  autorizaciones: readonly AutorizacionMotor[] = [],
): Promise<ContextoMotor> {
  const a = ctx.afiliado!;
  const reglas = a.plan
    ? ((await reglasEnVigor(db, a.plan.id, v.fecha, a.plan.reglasVersion, owner)) ?? [])
    : [];
  return {
    fecha: v.fecha,
    momento: 'atencion',
    canal: v.canal,
    profesionalId,
    afiliado: {
      fechaNacimiento: a.fechaNacimiento,
      fechaAlta: a.fechaAlta,
      fechaBaja: a.fechaBaja,
      plan: a.plan ? a.plan.nombre : null,
    },
    convenio: ctx.convenio && {
      requiereToken: ctx.convenio.requiereToken,
      tokenBloquea: ctx.convenio.tokenBloquea,
      plazoUrgenciaDias: ctx.convenio.plazoUrgenciaDias,
    },
    tokenProbado: v.tokenProbado,
    reglas,
    codigos: datos.codigos,
    aranceles: datos.aranceles,
    historia: datos.historia,
    autorizaciones,
  };
}
