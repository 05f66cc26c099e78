import {
  idParamSchema,
  PERMISSIONS,
  paginatedSchema,
  profesionalesExportQuerySchema,
  profesionalesPaginatedQuerySchema,
  profesionalRowSchema,
  profesionalSchema,
  profesionalUpdateSchema,
  REQUIREMENTS,
  solicitudSchema,
  zonaAssignmentSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { sendAuditedExport } from '../auditoria/audited-export.ts';
import * as service from './profesionales.service.ts';
import * as exportService from './profesionales-export.service.ts';

/** `/api/profesionales`: the provider network. */
const profesionalesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/solicitudes',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_ACCEPT_REQUEST)],
      schema: {
        summary: 'Solicitudes de registro pendientes',
        response: { 200: z.array(solicitudSchema) },
      },
    },
    async () => service.listPendingRequests(app),
  );

  app.get(
    '/export',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_GET)],
      schema: {
        summary:
          'Los profesionales aprobados que encuentra la búsqueda, como CSV (UTF-8 con BOM, separador , o ;) o XLSX; la exportación queda registrada',
        querystring: profesionalesExportQuerySchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) =>
      sendAuditedExport(app, request, reply, (deps, caller) =>
        exportService.exportProfesionales(deps, caller, request.query),
      ),
  );

  app.get(
    '/paginated',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_GET)],
      schema: {
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
      schema: { summary: 'El perfil propio', response: { 200: profesionalSchema } },
    },
    async (request) => service.getOwnProfile(app, currentUser(request)),
  );

  app.put(
    '/profile',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_UPDATE_PROFILE)],
      schema: {
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
      schema: { summary: "'Mis datos están actualizados'", response: { 200: profesionalSchema } },
    },
    async (request) => service.confirmOwnData(app, currentUser(request)),
  );

  app.put(
    '/zonas-os/:id',
    {
      onRequest: [app.authorize(REQUIREMENTS.PROFESIONALES_EDIT)],
      schema: {
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
      onRequest: [app.authorize(REQUIREMENTS.PROFESIONALES_EDIT)],
      schema: {
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
        summary: 'Modifica un perfil (personal con PROFESSIONALS.GET y UPDATE, o el propio profesional)',
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
      onRequest: [app.authorize(REQUIREMENTS.PROFESIONALES_DELETE)],
      schema: { summary: 'Elimina un profesional y su cuenta', params: idParamSchema },
    },
    async (request, reply) => {
      await service.deleteProfesional(app, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default profesionalesRoutes;
