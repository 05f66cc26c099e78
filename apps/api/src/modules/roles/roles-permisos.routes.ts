import { permisoSchema } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './roles-permisos.service.ts';

/** `/api/permisos`: the permission catalogue, for any signed-in user. */
const permisosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authorize()],
      schema: {
        summary: 'Catálogo de permisos',
        response: { 200: z.array(permisoSchema) },
      },
    },
    async () => service.listPermisos(app),
  );
};

export default permisosRoutes;
