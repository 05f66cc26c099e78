import { prestacionesAfiliadoSchema } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAfiliado } from '../../plugins/auth.ts';
import { prestacionesAfiliado } from './prestaciones-afiliado.service.ts';

/** The affiliate's own lines, at `/api/afiliados/profile/prestaciones` (the portal's 'Mis prestaciones'). */
const prestacionesAfiliadoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile/prestaciones',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary: 'Las prestaciones registradas al afiliado en toda la red, con quién las registró',
        response: { 200: prestacionesAfiliadoSchema },
      },
    },
    async (request) => prestacionesAfiliado(app, currentAfiliado(request)),
  );
};

export default prestacionesAfiliadoRoutes;
