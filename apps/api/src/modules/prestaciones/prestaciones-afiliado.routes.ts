import {
  confirmacionInputSchema,
  idSchema,
  MESSAGES,
  messageResponseSchema,
  prestacionesAfiliadoSchema,
  TOKEN_AFILIADO_HEADER,
  telefonoHeadersSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAdjunto } from '../../lib/adjunto-reply.ts';
import { currentAfiliado } from '../../plugins/auth.ts';
import { leerAdjunto, prestacionesAfiliado, responder } from './prestaciones-afiliado.service.ts';

const adjuntoParamsSchema = z.object({
  numero: z
    .string()
    .max(30, MESSAGES.autorizaciones.NOT_FOUND)
    .regex(/^[A-Za-z0-9-]+$/, MESSAGES.autorizaciones.NOT_FOUND),
  adjuntoId: idSchema,
});

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

  app.get(
    '/profile/autorizaciones/:numero/adjuntos/:adjuntoId',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary:
          'Un archivo de una autorización del afiliado (una radiografía, una foto), desde el teléfono con su token; cada apertura queda en Mis accesos',
        headers: telefonoHeadersSchema,
        params: adjuntoParamsSchema,
        produces: ['image/jpeg', 'image/png', 'application/pdf'],
      },
    },
    async (request, reply) =>
      sendAdjunto(
        reply,
        await leerAdjunto(
          app,
          currentAfiliado(request),
          { codigo: request.headers[TOKEN_AFILIADO_HEADER], address: request.ip },
          request.params,
        ),
      ),
  );
};

export default prestacionesAfiliadoRoutes;
