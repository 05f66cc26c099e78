import type { Regla } from '@red-dental/contracts';
import type { CodigoMotor, ContextoMotor, LineaJuzgada } from '../prestaciones/prestaciones-motor.ts';
import { evaluarVisita } from '../prestaciones/prestaciones-motor.ts';
import * as repo from './cierre.repository.ts';

/** A slice of affiliates as the closing reads it: each one's lines in the order they were recorded. */
export type Tramo = Awaited<ReturnType<typeof repo.findTramo>>;

/** What judging a line needs besides the slice: the network's codes, contracts and fees, and its rules. */
export interface Juicio {
  codigos: Map<string, CodigoMotor>;
  convenios: Awaited<ReturnType<typeof repo.findConvenios>>;
  aranceles: repo.Aranceles;
  /** The rules of the line's plan in force on its date of service. */
  reglas: readonly Regla[];
}

/**
 * Judges the slice's line `n` again, as the closing does: as of its date of
 * service, with that day's rules, fee and contract, against the affiliate's
 * lines recorded before it (from `desde`, where the affiliate's lines start).
 */
export function juzgarLinea(tramo: Tramo, n: number, desde: number, j: Juicio): LineaJuzgada {
  const l = tramo.lineas[n]!;
  // A rebilled line stands on the authorization its original used.
  const autorizacion =
    tramo.autorizaciones.get(l.id) ??
    (l.refacturaDe === null ? undefined : tramo.autorizaciones.get(l.refacturaDe));
  const arancel = repo.arancelEn(j.aranceles, l.convenioId, l.codigo, l.fecha);
  const ctx: ContextoMotor = {
    fecha: l.fecha,
    momento: 'cierre',
    canal: l.canal,
    profesionalId: l.profesionalId,
    afiliado: { ...tramo.afiliados.get(l.afiliadoId)!, plan: l.planNombre },
    convenio: j.convenios.get(l.convenioId)!,
    tokenProbado: l.tokenProbado,
    reglas: j.reglas,
    codigos: j.codigos,
    aranceles: new Map(arancel === undefined ? [] : [[l.codigo, arancel]]),
    // The history the chair saw: the affiliate's lines recorded before this one (a rebilled
    // line's own original aside: it is the same treatment, billed again).
    historia: tramo.lineas.slice(desde, n).filter((h) => h.id !== l.refacturaDe),
    autorizaciones: autorizacion ? [autorizacion] : [],
  };
  const [juzgada] = evaluarVisita(ctx, [
    {
      codigo: l.codigo,
      pieza: l.pieza,
      caras: l.caras || null,
      sector: l.sector,
      autorizacion: l.autorizacion,
      adjuntos: l.adjuntos,
    },
  ]);
  return juzgada!;
}
