import {
  idParamSchema,
  miReporteSchema,
  paginatedSchema,
  REQUIREMENTS,
  reporteQueueRowSchema,
  reportesQuerySchema,
  reporteUpdateSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAfiliadoId, currentUser } from '../../plugins/auth.ts';
import * as service from './reportes.service.ts';

/**
 * `/api/reportes`: the affiliates' wrong-data reports as one queue for staff
 * (PROFESSIONALS.GET and UPDATE: list, close with a note, open again), and each
 * affiliate's own reports with where they stand.
 */
const reportesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authorize(REQUIREMENTS.PROFESIONALES_EDIT)],
      schema: {
        summary:
          'Los reportes de datos erróneos: abiertos (los más antiguos primero) o cerrados. Quien lo envió, con nombre y documento solo con AFILIADOS.GET (queda registrado en los accesos del afiliado); sin él, las iniciales del nombre',
        querystring: reportesQuerySchema,
        response: { 200: paginatedSchema(reporteQueueRowSchema) },
      },
    },
    async (request) => service.listQueue(app, currentUser(request), request.query),
  );

  app.get(
    '/mios',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary: 'Los reportes que envió el afiliado de la sesión y en qué estado está cada uno',
        response: { 200: z.array(miReporteSchema) },
      },
    },
    async (request) => service.listOwn(app, currentAfiliadoId(request)),
  );

  app.put(
    '/:id',
    {
      onRequest: [app.authorize(REQUIREMENTS.PROFESIONALES_EDIT)],
      schema: {
        summary: 'Cierra un reporte con una nota (la lee el afiliado que lo envió) o lo vuelve a abrir',
        params: idParamSchema,
        body: reporteUpdateSchema,
      },
    },
    async (request, reply) => {
      await service.update(app, currentUser(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );
};

export default reportesRoutes;
