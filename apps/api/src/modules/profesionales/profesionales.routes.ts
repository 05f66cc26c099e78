import {
  idParamSchema,
  PERMISSIONS,
  paginatedSchema,
  profesionalesPaginatedQuerySchema,
  profesionalRowSchema,
  profesionalSchema,
  profesionalUpdateSchema,
  solicitudSchema,
  zonaAssignmentSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './profesionales.service.ts';

const tags = ['profesionales'];

/** `/api/profesionales`: the provider network. */
const profesionalesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/solicitudes',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST)],
      schema: {
        tags,
        summary: 'Solicitudes de registro pendientes',
        response: { 200: z.array(solicitudSchema) },
      },
    },
    async () => service.listPendingRequests(app),
  );

  app.get(
    '/paginated',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_GET)],
      schema: {
        tags,
        summary: 'Profesionales aprobados, por nombre o razón social',
        querystring: profesionalesPaginatedQuerySchema,
        response: { 200: paginatedSchema(profesionalRowSchema) },
      },
    },
    async (request) => service.findPaginated(app, request.query),
  );

  app.get(
    '/profile',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE_PROFILE)],
      schema: { tags, summary: 'El perfil propio', response: { 200: profesionalSchema } },
    },
    async (request) => service.getOwnProfile(app, currentUser(request)),
  );

  app.put(
    '/profile',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE_PROFILE)],
      schema: {
        tags,
        summary: 'Guarda el perfil propio (sin obras sociales, zona ni verificación de matrícula)',
        body: profesionalUpdateSchema,
        response: { 200: profesionalSchema },
      },
    },
    async (request) => service.updateOwnProfile(app, currentUser(request), request.body),
  );

  app.post(
    '/profile/confirmar-datos',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE_PROFILE)],
      schema: { tags, summary: "'Mis datos están actualizados'", response: { 200: profesionalSchema } },
    },
    async (request) => service.confirmOwnData(app, currentUser(request)),
  );

  app.put(
    '/zonas-os/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE)],
      schema: {
        tags,
        summary: 'Asigna la zona del profesional',
        params: idParamSchema,
        body: zonaAssignmentSchema,
        response: { 200: profesionalSchema },
      },
    },
    async (request) => service.assignZona(app, currentUser(request), request.params.id, request.body.zonaId),
  );

  app.post(
    '/:id/verificar-matricula',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE)],
      schema: {
        tags,
        summary: 'Marca la matrícula como verificada (fecha y quién)',
        params: idParamSchema,
        response: { 200: profesionalSchema },
      },
    },
    async (request) => service.verifyMatricula(app, currentUser(request), request.params.id),
  );

  app.get(
    '/:id',
    {
      onRequest: [app.authorize()],
      schema: {
        tags,
        summary: 'Un profesional (personal con PROFESSIONALS.GET, o el propio profesional)',
        params: idParamSchema,
        response: { 200: profesionalSchema },
      },
    },
    async (request) => service.getProfesional(app, currentUser(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      onRequest: [app.authorize()],
      schema: {
        tags,
        summary: 'Modifica un perfil (personal con PROFESSIONALS.UPDATE, o el propio profesional)',
        params: idParamSchema,
        body: profesionalUpdateSchema,
        response: { 200: profesionalSchema },
      },
    },
    async (request) => service.updateProfesional(app, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_DELETE)],
      schema: { tags, summary: 'Elimina un profesional y su cuenta', params: idParamSchema },
    },
    async (request, reply) => {
      await service.deleteProfesional(app, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default profesionalesRoutes;
