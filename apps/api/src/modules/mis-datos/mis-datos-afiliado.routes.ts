import {
  accesoRowSchema,
  accesosQuerySchema,
  afiliadoDatosSchema,
  paginatedSchema,
  TOKEN_AFILIADO_HEADER,
  telefonoHeadersSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAfiliado } from '../../plugins/auth.ts';
import * as datosService from './mis-datos-afiliado.service.ts';

/** `/api/afiliados/profile/…`: the affiliate's own data, who looked it up, and the download of all of it. */
const misDatosAfiliadoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile/accesos',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary:
          'Quién consultó la cobertura del afiliado de la sesión o accedió a su ficha en los últimos 12 meses (nombre y rol, nunca el email)',
        querystring: accesosQuerySchema,
        response: { 200: paginatedSchema(accesoRowSchema) },
      },
    },
    async (request) => datosService.listAccesos(app, currentAfiliado(request), request.query),
  );

  app.get(
    '/profile/datos',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary:
          'Todo lo que la red guarda sobre el afiliado de la sesión: perfil, obra social, notificaciones, accesos, teléfonos del token y, pedido desde el teléfono con el token, sus prestaciones (10 por hora; queda registrado)',
        headers: telefonoHeadersSchema,
        response: { 200: afiliadoDatosSchema },
      },
    },
    async (request, reply) => {
      const datos = await datosService.exportDatos(
        app,
        currentAfiliado(request),
        request.ip,
        request.headers[TOKEN_AFILIADO_HEADER],
      );
      return reply.header('content-disposition', 'attachment; filename="mis-datos.json"').send(datos);
    },
  );
};

export default misDatosAfiliadoRoutes;
