import {
  especialidadCatalogoSchema,
  especialidadInputSchema,
  especialidadSchema,
  idParamSchema,
  PERMISSIONS,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './especialidades.service.ts';

/** `/api/especialidades`: the specialties a professional may practise. */
const especialidadesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authorize()],
      schema: {
        summary: 'Todas las especialidades (GUARDIAS incluida)',
        response: { 200: z.array(especialidadSchema) },
      },
    },
    async () => service.listEspecialidades(app),
  );

  app.get(
    '/catalogo',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE)],
      schema: {
        summary: 'Las especialidades con cuántos profesionales tiene cada una',
        response: { 200: z.array(especialidadCatalogoSchema) },
      },
    },
    async () => service.listCatalogue(app),
  );

  app.get(
    '/:id',
    {
      onRequest: [app.authorize()],
      schema: {
        summary: 'Una especialidad',
        params: idParamSchema,
        response: { 200: especialidadSchema },
      },
    },
    async (request) => service.getEspecialidad(app, request.params.id),
  );

  app.post(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE)],
      schema: {
        summary: 'Crea una especialidad',
        body: especialidadInputSchema,
        response: { 201: especialidadSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createEspecialidad(app, currentUser(request), request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE)],
      schema: {
        summary: 'Cambia el nombre de una especialidad (GUARDIAS no)',
        params: idParamSchema,
        body: especialidadInputSchema,
        response: { 200: especialidadSchema },
      },
    },
    async (request) => service.renameEspecialidad(app, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE)],
      schema: {
        summary: 'Elimina una especialidad que ningún profesional tiene (GUARDIAS no)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await service.deleteEspecialidad(app, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default especialidadesRoutes;
