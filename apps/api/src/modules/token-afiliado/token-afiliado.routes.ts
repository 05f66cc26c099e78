import {
  idParamSchema,
  messageResponseSchema,
  REQUIREMENTS,
  tokenActivarSchema,
  tokenCodigoImpresoSchema,
  tokenEstadoSchema,
  tokenOlvidarSchema,
  tokenSecretoSchema,
  tokenStaffSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf, currentAfiliado, currentUser } from '../../plugins/auth.ts';
import * as service from './token-afiliado.service.ts';

/**
 * The affiliate's token, at `/api/afiliados`: the portal's own device
 * (`/profile/token`), the phone that gives it up (`/token/olvidar`), and
 * staff's view of an affiliate's device with the printed code and revocation
 * (`/{id}/token`).
 */
const tokenAfiliadoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile/token',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary: 'El teléfono con el token del afiliado, y si el enlace por correo puede llegarle',
        response: { 200: tokenEstadoSchema },
      },
    },
    async (request) => service.estado(app, currentAfiliado(request)),
  );

  app.post(
    '/profile/token/enlace',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary: 'Envía al email confirmado del afiliado el enlace que activa el token en un teléfono',
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.enviarEnlace(app, currentAfiliado(request)),
  );

  app.post(
    '/profile/token',
    {
      onRequest: [app.authorizeAfiliado, app.limitByAddress('token-activar')],
      schema: {
        summary:
          'Activa el token en este teléfono con la clave del enlace enviado o un código impreso; responde el secreto una sola vez',
        body: tokenActivarSchema,
        response: { 200: tokenSecretoSchema },
      },
    },
    async (request) => service.activar(app, currentAfiliado(request), request.body, clientOf(request)),
  );

  app.post(
    '/token/olvidar',
    {
      onRequest: [app.limitByAddress('token-olvidar')],
      schema: {
        summary:
          'Un teléfono en el que ingresa otro afiliado deja el token que tenía (lo prueba con un código vigente)',
        security: [],
        body: tokenOlvidarSchema,
      },
    },
    async (request, reply) => {
      await service.olvidar(app, request.body, request.ip);
      return reply.status(204).send();
    },
  );

  app.get(
    '/:id/token',
    {
      onRequest: [app.authorize(REQUIREMENTS.AFILIADOS_EDIT)],
      schema: {
        summary: 'El teléfono con el token del afiliado y el código impreso que espera usarse',
        params: idParamSchema,
        response: { 200: tokenStaffSchema },
      },
    },
    async (request) => service.staffEstado(app, request.params.id),
  );

  app.post(
    '/:id/token/codigo',
    {
      onRequest: [app.authorize(REQUIREMENTS.AFILIADOS_EDIT)],
      schema: {
        summary: 'Genera un código de activación para imprimir (reemplaza al anterior sin usar)',
        params: idParamSchema,
        response: { 200: tokenCodigoImpresoSchema },
      },
    },
    async (request) => service.imprimirCodigo(app, currentUser(request), request.params.id),
  );

  app.delete(
    '/:id/token',
    {
      onRequest: [app.authorize(REQUIREMENTS.AFILIADOS_EDIT)],
      schema: {
        summary: 'Desactiva el token del afiliado (un teléfono perdido o robado)',
        params: idParamSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.revocar(app, currentUser(request), request.params.id),
  );
};

export default tokenAfiliadoRoutes;
