import {
  idParamSchema,
  PERMISSIONS,
  zonaCatalogoSchema,
  zonaInputSchema,
  zonaSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './zonas.service.ts';

/** `/api/zonas`: the zones the network groups its professionals in. */
const zonasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authorize()],
      schema: { summary: 'Todas las zonas', response: { 200: z.array(zonaSchema) } },
    },
    async () => service.listZonas(app),
  );

  app.get(
    '/catalogo',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE)],
      schema: {
        summary: 'Las zonas con cuántos profesionales tiene cada una',
        response: { 200: z.array(zonaCatalogoSchema) },
      },
    },
    async () => service.listCatalogue(app),
  );

  app.post(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE)],
      schema: {
        summary: 'Crea una zona (el número no se repite)',
        body: zonaInputSchema,
        response: { 201: zonaSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createZona(app, currentUser(request), request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE)],
      schema: {
        summary: 'Cambia el nombre o el número de una zona (el número no se repite)',
        params: idParamSchema,
        body: zonaInputSchema,
        response: { 200: zonaSchema },
      },
    },
    async (request) => service.updateZona(app, currentUser(request), request.params.id, request.body),
  );
};

export default zonasRoutes;
