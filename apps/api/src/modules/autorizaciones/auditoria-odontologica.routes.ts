import {
  autorizacionesQuerySchema,
  autorizacionFilaSchema,
  PERMISSIONS,
  paginatedSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './autorizaciones.service.ts';

/** `/api/auditoria-odontologica`: the auditors' queue (AUTORIZACIONES.DECIDE). */
const auditoriaOdontologicaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cola',
    {
      onRequest: [app.authorize(PERMISSIONS.AUTORIZACIONES_DECIDE)],
      schema: {
        summary:
          'La cola del auditor: las autorizaciones en revisión u observadas, la de plazo más próximo primero (o las de un estado)',
        querystring: autorizacionesQuerySchema,
        response: { 200: paginatedSchema(autorizacionFilaSchema) },
      },
    },
    async (request) => service.cola(app, request.query),
  );
};

export default auditoriaOdontologicaRoutes;
