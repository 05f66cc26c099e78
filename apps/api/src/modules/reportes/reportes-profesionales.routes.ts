import { idParamSchema, REQUIREMENTS, reporteInputSchema, reporteSchema } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAfiliadoId, currentUser } from '../../plugins/auth.ts';
import * as service from './reportes-profesionales.service.ts';

/** `/api/profesionales/{id}/reportes`: an affiliate reports a listing's data; staff read what is open on it. */
const reportesProfesionalesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/reportes',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary:
          'Un afiliado informa un error en los datos de un profesional de su cartilla (201). El mismo reporte enviado de nuevo mientras el primero sigue abierto responde 200 con su id, sin guardar otro ni contarlo',
        params: idParamSchema,
        body: reporteInputSchema,
        response: { 200: z.object({ id: z.number() }), 201: z.object({ id: z.number() }) },
      },
    },
    async (request, reply) => {
      const { id, created } = await service.report(
        app,
        currentAfiliadoId(request),
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ id });
    },
  );

  app.get(
    '/:id/reportes',
    {
      onRequest: [app.authorize(REQUIREMENTS.PROFESIONALES_EDIT)],
      schema: {
        summary:
          'Los reportes abiertos sobre los datos de un profesional. Quien lo envió, con nombre y documento solo con AFILIADOS.GET (queda registrado en los accesos del afiliado); sin él, las iniciales del nombre',
        params: idParamSchema,
        response: { 200: z.array(reporteSchema) },
      },
    },
    async (request) => service.listOpen(app, currentUser(request), request.params.id),
  );
};

export default reportesProfesionalesRoutes;
