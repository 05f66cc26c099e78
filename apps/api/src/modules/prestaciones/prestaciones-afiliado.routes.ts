import { prestacionesAfiliadoSchema, TOKEN_AFILIADO_HEADER } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAfiliado } from '../../plugins/auth.ts';
import { prestacionesAfiliado } from './prestaciones-afiliado.service.ts';

/** The affiliate's own lines, at `/api/afiliados/profile/prestaciones` (the portal's 'Mis prestaciones'). */
const prestacionesAfiliadoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile/prestaciones',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary:
          'Las prestaciones registradas al afiliado en toda la red, con quién las registró (desde el teléfono con su token)',
        headers: z.object({
          [TOKEN_AFILIADO_HEADER]: z
            .string()
            .max(20)
            .optional()
            .describe('El código que muestra el teléfono donde el afiliado activó su token'),
        }),
        response: { 200: prestacionesAfiliadoSchema },
      },
    },
    async (request) =>
      prestacionesAfiliado(app, currentAfiliado(request), {
        codigo: request.headers[TOKEN_AFILIADO_HEADER],
        address: request.ip,
      }),
  );
};

export default prestacionesAfiliadoRoutes;
