import type { Tablero } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import * as repo from './tablero.repository.ts';

/** Every figure of the dashboard, read at once (each a single statement over kept counts). */
export async function getTablero(deps: Pick<FastifyInstance, 'db'>): Promise<Tablero> {
  const [porObraSocial, profesionales, reportesAbiertos, notificaciones, localidades] = await Promise.all([
    repo.afiliadosPorObraSocial(deps.db),
    repo.profesionales(deps.db),
    repo.reportesAbiertos(deps.db),
    repo.notificaciones(deps.db),
    repo.localidades(deps.db),
  ]);
  return {
    afiliados: { total: porObraSocial.reduce((sum, o) => sum + o.afiliados, 0), porObraSocial },
    profesionales,
    reportesAbiertos,
    notificaciones,
    localidades,
  };
}
