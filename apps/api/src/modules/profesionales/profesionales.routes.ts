import { PERMISSIONS, solicitudSchema } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './profesionales.service.ts';

/** `/api/profesionales`: the provider network. */
const profesionalesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/solicitudes',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST)],
      schema: {
        tags: ['profesionales'],
        summary: 'Solicitudes de registro pendientes',
        response: { 200: z.array(solicitudSchema) },
      },
    },
    async () => service.listPendingRequests(app),
  );
};

export default profesionalesRoutes;
