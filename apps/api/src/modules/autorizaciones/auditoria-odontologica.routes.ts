import {
  autorizacionFilaSchema,
  colaAutorizacionesQuerySchema,
  contextoAuditoriaSchema,
  idParamSchema,
  PERMISSIONS,
  paginatedSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { contexto } from './auditoria-odontologica.service.ts';
import * as service from './autorizaciones.service.ts';

/** `/api/auditoria-odontologica`: the auditors' queue and what a request is judged against (AUTORIZACIONES.DECIDE). */
const auditoriaOdontologicaRoutes: FastifyPluginAsyncZod = async (app) => {
  const auditor = app.authorize(PERMISSIONS.AUTORIZACIONES_DECIDE);
  app.get(
    '/cola',
    {
      onRequest: [auditor],
      schema: {
        summary:
          'La cola del auditor: las autorizaciones en revisión u observadas, la de plazo más próximo primero (o las de un estado)',
        querystring: colaAutorizacionesQuerySchema,
        response: { 200: paginatedSchema(autorizacionFilaSchema) },
      },
    },
    async (request) => service.cola(app, request.query),
  );

  app.get(
    '/:id/contexto',
    {
      onRequest: [auditor],
      schema: {
        summary:
          'Lo que se juzga con una autorización: cada prestación que la red registró al afiliado (quién, en qué estado) y lo que el afiliado respondió de sus atenciones anteriores; queda en la auditoría del afiliado',
        params: idParamSchema,
        response: { 200: contextoAuditoriaSchema },
      },
    },
    async (request) => contexto(app, currentUser(request), request.params.id),
  );
};

export default auditoriaOdontologicaRoutes;
