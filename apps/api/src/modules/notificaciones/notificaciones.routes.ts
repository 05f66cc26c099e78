import {
  type DestinatarioTipo,
  deleteNotificacionesSchema,
  destinatarioSchema,
  destinatariosCountInputSchema,
  destinatariosCountSchema,
  exportFormatSchema,
  idParamSchema,
  markReadSchema,
  notificacionesQuerySchema,
  notificacionesStaffQuerySchema,
  notificacionFormSchema,
  notificacionSchema,
  notificacionSentSchema,
  notificacionStaffSchema,
  paginatedQuerySchema,
  paginatedSchema,
  REQUIREMENTS,
  unreadCountsSchema,
} from '@red-dental/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseForm } from '../../lib/forms.ts';
import { currentUser } from '../../plugins/auth.ts';
import { sendAuditedExport } from '../auditoria/audited-export.ts';
import * as service from './notificaciones.service.ts';
import * as exportService from './notificaciones-export.service.ts';
import { PdfSniffer } from './pdf-sniffer.ts';

/**
 * `/api/notificaciones`: sending PDFs to affiliates or professionals (staff:
 * AFILIADOS.CREATE), the lists (staff, own, affiliate), read state and
 * unread counts, deletion, and who received each one.
 */
const notificacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.authorize(REQUIREMENTS.STAFF);

  /** Both sends: the multipart form parsed by its contract, the file checked by content. */
  async function send(request: FastifyRequest, reply: FastifyReply, destinatario: DestinatarioTipo) {
    const upload = await request.receiveUpload({
      maxBytes: app.config.maxPdfBytes,
      inspect: () => new PdfSniffer(),
    });
    try {
      const form = parseForm(notificacionFormSchema, {
        ...upload.fields,
        destinatario,
        pdfs: upload.file?.fileName,
      });
      const file = { ...upload.file!, isPdf: upload.inspection!.isPdf };
      const result = await service.send(app, currentUser(request), form, file);
      return reply.status(201).send(result);
    } finally {
      await upload.cleanup();
    }
  }

  const sendSchema = (summary: string) => ({
    summary,
    consumes: ['multipart/form-data'],
    response: { 201: notificacionSentSchema },
  });

  app.post(
    '/',
    {
      onRequest: [staff],
      schema: sendSchema(
        'Envía un PDF a profesionales (multipart: title, category, pdfs, y obrasSociales, zonas, especialidades, profesionales como listas JSON de ids)',
      ),
    },
    async (request, reply) => send(request, reply, 'profesionales'),
  );

  app.post(
    '/afiliados',
    {
      onRequest: [staff],
      schema: sendSchema(
        'Envía un PDF a afiliados (multipart: title, category, pdfs, obrasSociales como lista JSON de ids)',
      ),
    },
    async (request, reply) => send(request, reply, 'afiliados'),
  );

  app.post(
    '/destinatarios',
    {
      onRequest: [staff],
      schema: {
        summary: 'Cuántos recibirían un envío con estos filtros',
        body: destinatariosCountInputSchema,
        response: { 200: destinatariosCountSchema },
      },
    },
    async (request) => {
      const { destinatario, ...filters } = request.body;
      return service.countRecipients(app, destinatario, filters);
    },
  );

  app.get(
    '/',
    {
      onRequest: [staff],
      schema: {
        summary:
          'Todas las notificaciones (personal administrativo); pageIndex desde 1, search es la categoría',
        querystring: notificacionesStaffQuerySchema,
        response: { 200: paginatedSchema(notificacionStaffSchema) },
      },
    },
    async (request) =>
      service.listAll(app, request.auth!, { ...request.query, pageIndex: request.query.pageIndex - 1 }),
  );

  app.get(
    '/by-id',
    {
      onRequest: [app.authorize()],
      schema: {
        summary: 'Las notificaciones propias del usuario, con su marca de leída; search es la categoría',
        querystring: notificacionesQuerySchema,
        response: { 200: paginatedSchema(notificacionSchema) },
      },
    },
    async (request) => service.listOwn(app, request.auth!, request.query),
  );

  app.get(
    '/afiliados',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
        summary: 'Las notificaciones del afiliado, con su marca de leída',
        querystring: notificacionesQuerySchema,
        response: { 200: paginatedSchema(notificacionSchema) },
      },
    },
    async (request) => service.listOwn(app, request.auth!, request.query),
  );

  app.put(
    '/read',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Marca como leída una notificación propia (usuario o afiliado)',
        body: markReadSchema,
      },
    },
    async (request, reply) => {
      await service.markRead(app, request.auth!, request.body.notificacionId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/unread',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Notificaciones propias sin leer, por categoría',
        response: { 200: unreadCountsSchema },
      },
    },
    async (request) => service.unreadCounts(app, request.auth!),
  );

  app.delete(
    '/',
    {
      onRequest: [staff],
      schema: {
        summary: 'Elimina notificaciones, con sus destinatarios y sus archivos',
        body: deleteNotificacionesSchema,
      },
    },
    async (request, reply) => {
      await service.remove(app, currentUser(request), request.body.ids);
      return reply.status(204).send();
    },
  );

  app.get(
    '/:id/destinatarios/export',
    {
      onRequest: [staff],
      schema: {
        summary:
          'Los destinatarios de una notificación con la fecha en que cada uno la leyó, como CSV o XLSX; la exportación queda registrada',
        params: idParamSchema,
        querystring: exportFormatSchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) =>
      sendAuditedExport(app, request, reply, (deps, caller) =>
        exportService.exportRecipients(deps, caller, request.params.id, request.query),
      ),
  );

  app.get(
    '/:id/destinatarios',
    {
      onRequest: [staff],
      schema: {
        summary: 'Quiénes recibieron una notificación y cuándo la leyó cada uno',
        params: idParamSchema,
        querystring: paginatedQuerySchema.omit({ search: true }),
        response: { 200: paginatedSchema(destinatarioSchema) },
      },
    },
    async (request) => service.listRecipients(app, request.params.id, request.query),
  );
};

export default notificacionesRoutes;
