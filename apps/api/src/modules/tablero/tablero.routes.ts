import { PERMISSIONS, pendientesSchema, REQUIREMENTS, tableroSchema } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './tablero.service.ts';

/**
 * `/api/tablero`: the network as a whole for staff who keep affiliates or
 * professionals (AFILIADOS.CREATE or PROFESSIONALS.GET), with the month's
 * closings for who closes them (LIQUIDACIONES.MANAGE), and the work waiting
 * for any staff member (`/pendientes`).
 */
const tableroRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authorize(REQUIREMENTS.TABLERO)],
      schema: {
        summary:
          'Afiliados por obra social, profesionales por estado, pendientes, reportes abiertos, datos sin confirmar, confirmaciones observadas por profesional, notificaciones de 90 días, cobertura por localidad y, con LIQUIDACIONES.MANAGE, los últimos seis cierres del mes (null sin el permiso)',
        response: { 200: tableroSchema },
      },
    },
    async (request) => service.getTablero(app, currentUser(request)),
  );

  app.get(
    '/pendientes',
    {
      onRequest: [app.authorize(PERMISSIONS.BACKOFFICE_ACCESS)],
      schema: {
        summary:
          'Trabajo en espera para las insignias del menú: solicitudes pendientes (PROFESSIONALS.ACCEPT_REQUEST), reportes abiertos (PROFESSIONALS.UPDATE) y confirmaciones observadas sin revisar (AFILIADOS.GET y UPDATE); null sin el permiso',
        response: { 200: pendientesSchema },
      },
    },
    async (request) => service.getPendientes(app, currentUser(request)),
  );
};

export default tableroRoutes;
