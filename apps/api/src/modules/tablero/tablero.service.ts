import {
  hasPermission,
  PERMISSIONS,
  type Pendientes,
  REQUIREMENTS,
  type Tablero,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { Subject } from '../../plugins/auth.ts';
import * as autorizacionesRepo from '../autorizaciones/autorizaciones.repository.ts';
import * as confirmacionesRepo from '../prestaciones/prestaciones-afiliado.repository.ts';
import * as repo from './tablero.repository.ts';

/** Every figure of the dashboard, read at once (each a single statement over kept counts). */
export async function getTablero(deps: Pick<FastifyInstance, 'db'>): Promise<Tablero> {
  const [
    porObraSocial,
    profesionales,
    reportesAbiertos,
    notificaciones,
    localidades,
    pendientes,
    porProfesional,
    autorizaciones,
  ] = await Promise.all([
    repo.afiliadosPorObraSocial(deps.db),
    repo.profesionales(deps.db),
    repo.reportesAbiertos(deps.db),
    repo.notificaciones(deps.db),
    repo.localidades(deps.db),
    confirmacionesRepo.countPendientes(deps.db),
    confirmacionesRepo.observadasPorProfesional(deps.db),
    autorizacionesRepo.tablero(deps.db),
  ]);
  return {
    afiliados: { total: porObraSocial.reduce((sum, o) => sum + o.afiliados, 0), porObraSocial },
    profesionales,
    reportesAbiertos,
    confirmaciones: { pendientes, porProfesional },
    autorizaciones,
    notificaciones,
    localidades,
  };
}

/** The counts behind the navigation's badges: only those the caller may act on are read. */
export async function getPendientes(deps: Pick<FastifyInstance, 'db'>, caller: Subject): Promise<Pendientes> {
  const [solicitudes, reportes, confirmaciones] = await Promise.all([
    caller.permissions.has(PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST)
      ? repo.solicitudesPendientes(deps.db)
      : null,
    caller.permissions.has(PERMISSIONS.PROFESSIONALS_UPDATE) ? repo.reportesAbiertos(deps.db) : null,
    hasPermission(caller.permissions, REQUIREMENTS.AFILIADOS_EDIT)
      ? confirmacionesRepo.countPendientes(deps.db)
      : null,
  ]);
  return { solicitudes, reportes, confirmaciones };
}
