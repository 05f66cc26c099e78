import {
  adjuntoFormSchema,
  autorizacionBloqueadaSchema,
  autorizacionDecisionSchema,
  autorizacionesQuerySchema,
  autorizacionFilaSchema,
  autorizacionInputSchema,
  autorizacionMensajeInputSchema,
  autorizacionSchema,
  ERROR_CODES,
  idParamSchema,
  idSchema,
  MAX_ADJUNTO_BYTES,
  MESSAGES,
  messageResponseSchema,
  PERMISSIONS,
  paginatedSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAdjunto } from '../../lib/adjunto-reply.ts';
import { parseForm } from '../../lib/forms.ts';
import { currentUser } from '../../plugins/auth.ts';
import { AdjuntoSniffer } from './adjunto-sniffer.ts';
import * as service from './autorizaciones.service.ts';

const M = MESSAGES.autorizaciones;
const adjuntoParamsSchema = z.object({ id: idSchema, adjuntoId: idSchema });

/**
 * `/api/autorizaciones`: prior authorization. A dentist (PRESTACIONES.VALIDATE)
 * asks for the lines she will do, follows her requests and answers the
 * auditor; an auditor (AUTORIZACIONES.DECIDE) reads any request and decides
 * it. A request is readable only by the dentist who asked and the auditors.
 */
const autorizacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  const prestador = app.authorize(PERMISSIONS.PRESTACIONES_VALIDATE);
  const auditor = app.authorize(PERMISSIONS.AUTORIZACIONES_DECIDE);
  const prestadorOAuditor = app.authorize({
    anyOf: [PERMISSIONS.PRESTACIONES_VALIDATE, PERMISSIONS.AUTORIZACIONES_DECIDE],
  });

  app.post(
    '/',
    {
      onRequest: [prestador],
      schema: {
        summary:
          'Pide una autorización previa para las prestaciones que hará: 201 aprobada al instante si las reglas del plan la deciden, o en revisión con el plazo del convenio; 422 con el resultado de cada línea si alguna no se puede autorizar (no se registra nada)',
        body: autorizacionInputSchema,
        response: {
          201: autorizacionSchema.extend({ message: messageResponseSchema.shape.message }),
          422: autorizacionBloqueadaSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        return reply.status(201).send(await service.crear(app, currentUser(request), request.body));
      } catch (error) {
        if (!(error instanceof service.AutorizacionBloqueada)) throw error;
        return reply
          .status(422)
          .send({ error: M.BLOQUEADA, code: ERROR_CODES.BLOCKED, lineas: error.lineas });
      }
    },
  );

  app.get(
    '/',
    {
      onRequest: [prestador],
      schema: {
        summary: 'Las autorizaciones que pidió el prestador de la sesión, las más nuevas primero',
        querystring: autorizacionesQuerySchema,
        response: { 200: paginatedSchema(autorizacionFilaSchema) },
      },
    },
    async (request) => service.propias(app, currentUser(request), request.query),
  );

  app.get(
    '/:id',
    {
      onRequest: [prestadorOAuditor],
      schema: {
        summary: 'Una autorización con sus prestaciones y sus mensajes (para quien la pidió y los auditores)',
        params: idParamSchema,
        response: { 200: autorizacionSchema },
      },
    },
    async (request) => service.obtener(app, currentUser(request), request.params.id),
  );

  app.post(
    '/:id/mensajes',
    {
      onRequest: [prestadorOAuditor],
      schema: {
        summary:
          'Un mensaje en la autorización; el del prestador que responde una observada la devuelve a revisión con el plazo del convenio',
        params: idParamSchema,
        body: autorizacionMensajeInputSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.mensaje(app, currentUser(request), request.params.id, request.body.texto),
  );

  app.put(
    '/:id',
    {
      onRequest: [auditor],
      schema: {
        summary:
          'La decisión del auditor: aprobar, aprobar en parte (las prestaciones aprobadas y el motivo), observar (lo que pide) o rechazar (motivo del catálogo); queda registrada y se avisa al prestador',
        params: idParamSchema,
        body: autorizacionDecisionSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.decidir(app, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/:id/adjuntos',
    {
      onRequest: [prestador],
      schema: {
        summary: `Agrega un archivo a la autorización propia en revisión u observada (multipart: tipo rx_pre|rx_post|foto|presupuesto, archivo JPEG, PNG o PDF de hasta ${MAX_ADJUNTO_BYTES / 1024 / 1024} MB, leído por su contenido; a las fotos se les quita la ubicación); la observada vuelve a revisión`,
        params: idParamSchema,
        consumes: ['multipart/form-data'],
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const upload = await request.receiveUpload({
        maxBytes: MAX_ADJUNTO_BYTES,
        inspect: () => new AdjuntoSniffer(),
      });
      try {
        const form = parseForm(adjuntoFormSchema, { ...upload.fields, archivo: upload.file?.fileName });
        const sniff = upload.inspection!;
        const result = await service.adjuntar(app, currentUser(request), request.params.id, form.tipo, {
          path: upload.file!.path,
          fileName: upload.file!.fileName,
          mime: sniff.mime,
          poliglota: sniff.poliglota,
        });
        return reply.status(201).send(result);
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.get(
    '/:id/adjuntos/:adjuntoId',
    {
      onRequest: [prestadorOAuditor],
      schema: {
        summary:
          'Un archivo de la autorización, para quien la pidió y los auditores (cada apertura queda registrada)',
        params: adjuntoParamsSchema,
        produces: ['image/jpeg', 'image/png', 'application/pdf'],
      },
    },
    async (request, reply) => {
      const file = await service.leerAdjunto(
        app,
        currentUser(request),
        request.params.id,
        request.params.adjuntoId,
      );
      return sendAdjunto(reply, file);
    },
  );

  app.post(
    '/:id/anular',
    {
      onRequest: [prestador],
      schema: {
        summary: 'El prestador retira su autorización mientras no se usó',
        params: idParamSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.anular(app, currentUser(request), request.params.id),
  );
};

export default autorizacionesRoutes;
