import {
  DEBITO_EXTRAPOLADO,
  DEBITO_SIN_CODIGO,
  DEBITOS,
  hasPermission,
  networkClock,
  PERMISSIONS,
  type Pendientes,
  REQUIREMENTS,
  type Tablero,
  type TableroCierre,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { Subject } from '../../plugins/auth.ts';
import * as autorizacionesRepo from '../autorizaciones/autorizaciones.repository.ts';
import * as cierreRepo from '../cierre/tablero-cierre.repository.ts';
import * as confirmacionesRepo from '../prestaciones/prestaciones-afiliado.repository.ts';
import * as repo from './tablero.repository.ts';

/**
 * Every figure of the dashboard, read at once, each a single statement; the month's closings only
 * for who closes them (LIQUIDACIONES.MANAGE).
 */
export async function getTablero(
  deps: Pick<FastifyInstance, 'db'>,
  caller: Subject,
  now = new Date(),
): Promise<Tablero> {
  const [
    porObraSocial,
    profesionales,
    reportesAbiertos,
    notificaciones,
    localidades,
    pendientes,
    porProfesional,
    autorizaciones,
    cierre,
  ] = await Promise.all([
    repo.afiliadosPorObraSocial(deps.db),
    repo.profesionales(deps.db),
    repo.reportesAbiertos(deps.db),
    repo.notificaciones(deps.db),
    repo.localidades(deps.db),
    confirmacionesRepo.countPendientes(deps.db),
    confirmacionesRepo.observadasPorProfesional(deps.db),
    autorizacionesRepo.tablero(deps.db),
    caller.permissions.has(PERMISSIONS.LIQUIDACIONES_MANAGE)
      ? cierres(deps.db, networkClock(now).date)
      : null,
  ]);
  return {
    afiliados: { total: porObraSocial.reduce((sum, o) => sum + o.afiliados, 0), porObraSocial },
    profesionales,
    reportesAbiertos,
    confirmaciones: { pendientes, porProfesional },
    autorizaciones,
    notificaciones,
    localidades,
    cierre,
  };
}

/** The last closed months: each month's figures with its insurers' amounts, and the débitos by reason in words. */
async function cierres(db: DbOrTx, hoy: string): Promise<TableroCierre> {
  const [periodos, montos, motivos] = await Promise.all([
    cierreRepo.figurasPorPeriodo(db, hoy),
    cierreRepo.montosPorObraSocial(db),
    cierreRepo.motivosDeDebito(db),
  ]);
  return {
    periodos: periodos.map((p) => ({
      ...p,
      porObraSocial: montos.filter((m) => m.periodo === p.periodo).map(({ periodo: _, ...m }) => m),
    })),
    motivos: motivos.map((m) => ({
      ...m,
      texto:
        m.codigo !== null
          ? DEBITOS[m.codigo]
          : m.origen === 'muestra'
            ? DEBITO_EXTRAPOLADO
            : DEBITO_SIN_CODIGO,
    })),
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
