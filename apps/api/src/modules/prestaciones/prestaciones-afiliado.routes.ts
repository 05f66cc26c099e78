import {
  confirmacionInputSchema,
  messageResponseSchema,
  prestacionesAfiliadoSchema,
  TOKEN_AFILIADO_HEADER,
  telefonoHeadersSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAfiliado } from '../../plugins/auth.ts';
import { prestacionesAfiliado, responder } from './prestaciones-afiliado.service.ts';

/** The affiliate's own lines, at `/api/afiliados/profile/prestaciones` (the portal's 'Mis prestaciones'). */
const prestacionesAfiliadoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile/prestaciones',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary:
          'Las prestaciones registradas al afiliado en toda la red, con quién las registró (desde el teléfono con su token)',
        headers: telefonoHeadersSchema,
        response: { 200: prestacionesAfiliadoSchema },
      },
    },
    async (request) =>
      prestacionesAfiliado(app, currentAfiliado(request), {
        codigo: request.headers[TOKEN_AFILIADO_HEADER],
        address: request.ip,
      }),
  );

  app.post(
    '/profile/confirmaciones',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary:
          'El afiliado dice si lo atendieron y si le cobraron algo en el consultorio (desde el teléfono con su token)',
        headers: telefonoHeadersSchema,
        body: confirmacionInputSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) =>
      responder(
        app,
        currentAfiliado(request),
        { codigo: request.headers[TOKEN_AFILIADO_HEADER], address: request.ip },
        request.body,
      ),
  );
};

export default prestacionesAfiliadoRoutes;
