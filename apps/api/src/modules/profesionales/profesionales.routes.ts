import {
  cartillaProfesionalSchema,
  idParamSchema,
  idSchema,
  PERMISSIONS,
  paginatedSchema,
  profesionalDatosSchema,
  profesionalesExportQuerySchema,
  profesionalesPaginatedQuerySchema,
  profesionalRowSchema,
  profesionalSchema,
  profesionalUpdateSchema,
  REQUIREMENTS,
  reporteInputSchema,
  reporteSchema,
  solicitudSchema,
  zonaAssignmentSchema,
} from '@red-dental/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAfiliadoId, currentUser } from '../../plugins/auth.ts';
import { sendAuditedExport } from '../audit/audited-export.ts';
import * as service from './profesionales.service.ts';
import { createDirectoryCache, type DirectoryBody } from './profesionales-cartilla.service.ts';
import * as datosService from './profesionales-datos.service.ts';
import * as exportService from './profesionales-export.service.ts';
import * as reportes from './profesionales-reportes.service.ts';

const tags = ['profesionales'];

/** Whether an If-None-Match header (a list, perhaps with weak tags from a proxy) names `etag`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

/**
 * Sends a body built beforehand (the directory): 304 when the client already
 * holds this version, the gzipped copy when the client accepts gzip.
 */
function sendPrebuilt(request: FastifyRequest, reply: FastifyReply, body: DirectoryBody) {
  reply
    .header('etag', body.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.json);
}

/** `/api/profesionales`: the provider network. */
const profesionalesRoutes: FastifyPluginAsyncZod = async (app) => {
  const directory = createDirectoryCache();

  app.get(
    '/obrasocial',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        tags,
        summary: 'La cartilla del afiliado: los profesionales aprobados que atienden su obra social',
        description:
          'Se sirve con ETag (304 si no cambió) y comprimida con gzip cuando el cliente la acepta.',
        response: { 200: z.array(cartillaProfesionalSchema) },
      },
    },
    async (request, reply) => {
      const body = await directory.forAfiliado(app, currentAfiliadoId(request));
      if (!body) return [];
      return sendPrebuilt(request, reply as FastifyReply, body);
    },
  );

  app.post(
    '/:id/reportes',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        tags,
        summary:
          'Un afiliado informa un error en los datos de un profesional de su cartilla (201). El mismo reporte enviado de nuevo mientras el primero sigue abierto responde 200 con su id, sin guardar otro ni contarlo',
        params: idParamSchema,
        body: reporteInputSchema,
        response: { 200: z.object({ id: z.number() }), 201: z.object({ id: z.number() }) },
      },
    },
    async (request, reply) => {
      const { id, created } = await reportes.report(
        app,
        currentAfiliadoId(request),
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ id });
    },
  );

  app.get(
    '/:id/reportes',
    {
      onRequest: [app.authorize(REQUIREMENTS.PROFESIONALES_EDIT)],
      schema: {
        tags,
        summary:
          'Los reportes abiertos sobre los datos de un profesional. Quien lo envió, con nombre y documento solo con AFILIADOS.GET (queda registrado en los accesos del afiliado); sin él, las iniciales del nombre',
        params: idParamSchema,
        response: { 200: z.array(reporteSchema) },
      },
    },
    async (request) => reportes.listOpen(app, currentUser(request), request.params.id),
  );

  app.post(
    '/:id/reportes/:reporteId/cerrar',
    {
      onRequest: [app.authorize(REQUIREMENTS.PROFESIONALES_EDIT)],
      schema: {
        tags,
        summary: 'Cierra un reporte una vez revisados los datos',
        params: z.object({ id: idSchema, reporteId: idSchema }),
      },
    },
    async (request, reply) => {
      await reportes.close(app, currentUser(request), request.params.id, request.params.reporteId);
      return reply.status(204).send();
    },
  );
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
    '/export',
    {
      onRequest: [app.authorize(PERMISSIONS.PROFESSIONALS_GET)],
      schema: {
        tags,
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

  app.get(
    '/profile/datos',
    {
      onRequest: [app.authorize()],
      schema: {
        tags,
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
      onRequest: [app.authorize(REQUIREMENTS.PROFESIONALES_EDIT)],
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
      onRequest: [app.authorize(REQUIREMENTS.PROFESIONALES_EDIT)],
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
      schema: { tags, summary: 'Elimina un profesional y su cuenta', params: idParamSchema },
    },
    async (request, reply) => {
      await service.deleteProfesional(app, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default profesionalesRoutes;
