import { profesionalDatosSchema } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import * as datosService from './mis-datos-cuenta.service.ts';

/** `/api/profesionales/profile/datos`: everything the network keeps on the signed-in account, as a download. */
const misDatosCuentaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile/datos',
    {
      onRequest: [app.authorize()],
      schema: {
        summary:
          'Todo lo que la red guarda sobre la cuenta de la sesión: cuenta, perfil, sesiones, notificaciones y consultas de cobertura (10 por hora; queda registrado)',
        response: { 200: profesionalDatosSchema },
      },
    },
    async (request, reply) => {
      const datos = await datosService.exportDatos(app, currentUser(request));
      return reply.header('content-disposition', 'attachment; filename="mis-datos.json"').send(datos);
    },
  );
};

export default misDatosCuentaRoutes;
