import {
  confirmacionesQuerySchema,
  confirmacionObservadaSchema,
  confirmacionRevisionSchema,
  ERROR_CODES,
  exportFormatSchema,
  historiaQuerySchema,
  historiaSchema,
  idParamSchema,
  MESSAGES,
  messageResponseSchema,
  misPrestacionesQuerySchema,
  misPrestacionesSchema,
  PERMISSIONS,
  paginatedSchema,
  REQUIREMENTS,
  validacionBloqueadaSchema,
  validacionSchema,
  validarInputSchema,
  validarQuerySchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { sendAuditedExport } from '../auditoria/audited-export.ts';
import * as service from './prestaciones.service.ts';
import { observadas, revisar } from './prestaciones-afiliado.service.ts';
import * as propias from './prestaciones-propias.service.ts';

const M = MESSAGES.prestaciones;

/**
 * `/api/prestaciones`: the chair. A dentist (PRESTACIONES.VALIDATE, with a
 * professional profile) reads a patient's history across the network, checks
 * and validates the lines of a visit, and keeps her own lines. Every history
 * read and every validation is audited and shows in the affiliate's
 * 'Mis accesos'.
 */
const prestacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  const prestador = app.authorize(PERMISSIONS.PRESTACIONES_VALIDATE);

  app.get(
    '/historia',
    {
      onRequest: [prestador],
      schema: {
        summary:
          'La historia odontológica de un afiliado en toda la red, por pieza y cara, con sus garantías y lo próximo que cubre el plan; los otros prestadores figuran como "otro prestador de la red" (300 por hora; queda registrado)',
        querystring: historiaQuerySchema,
        response: { 200: historiaSchema },
      },
    },
    async (request) => service.historia(app, currentUser(request), request.query.documento),
  );

  app.post(
    '/validar',
    {
      onRequest: [prestador],
      schema: {
        summary:
          'Valida las prestaciones de una atención contra las reglas del plan en la fecha de la atención: 200 con el código de validación; 422 con el resultado de cada línea si alguna está bloqueada (no se registra nada). ?dryRun=true responde 200 con los mismos resultados sin registrar',
        querystring: validarQuerySchema,
        body: validarInputSchema,
        response: { 200: validacionSchema, 422: validacionBloqueadaSchema },
      },
    },
    async (request, reply) => {
      try {
        return await service.validar(app, currentUser(request), request.body, request.query.dryRun);
      } catch (error) {
        if (!(error instanceof service.VisitaBloqueada)) throw error;
        return reply.status(422).send({ ...error.validacion, error: M.BLOQUEADA, code: ERROR_CODES.BLOCKED });
      }
    },
  );

  app.get(
    '/',
    {
      onRequest: [prestador],
      schema: {
        summary:
          'Las prestaciones del prestador de la sesión en un mes (este, sin periodo), con sus estados y totales',
        querystring: misPrestacionesQuerySchema,
        response: { 200: misPrestacionesSchema },
      },
    },
    async (request) => propias.misPrestaciones(app, currentUser(request), request.query),
  );

  app.get(
    '/export',
    {
      onRequest: [prestador],
      schema: {
        summary:
          'Las prestaciones del mes del prestador de la sesión, como CSV o XLSX; la exportación queda registrada',
        querystring: misPrestacionesQuerySchema.extend(exportFormatSchema.shape),
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { formato, separador, ...filtros } = request.query;
      return sendAuditedExport(app, request, reply, (deps, caller) =>
        propias.exportMisPrestaciones(deps, caller, filtros, { formato, separador }),
      );
    },
  );

  app.post(
    '/lineas/:id/anular',
    {
      onRequest: [prestador],
      schema: {
        summary: `Anula una prestación validada propia, antes del cierre del período (409 "${M.NO_ANULABLE}")`,
        params: idParamSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await propias.anularLinea(app, currentUser(request), request.params.id);
      return { message: M.ANULADA };
    },
  );

  app.get(
    '/atenciones/:id/comprobante',
    {
      onRequest: [prestador],
      schema: {
        summary:
          'El comprobante de una atención propia en PDF: código de validación, prestaciones, coseguro y firma del paciente',
        params: idParamSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const file = await propias.comprobante(app, currentUser(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/confirmaciones',
    {
      onRequest: [app.authorize(REQUIREMENTS.AFILIADOS_EDIT)],
      schema: {
        summary:
          'Confirmaciones observadas: atenciones que el afiliado dijo que no ocurrieron o en las que le cobraron más que el coseguro; pendientes (las más antiguas primero) o revisadas',
        querystring: confirmacionesQuerySchema,
        response: { 200: paginatedSchema(confirmacionObservadaSchema) },
      },
    },
    async (request) => observadas(app, request.query),
  );

  app.put(
    '/confirmaciones/:id',
    {
      onRequest: [app.authorize(REQUIREMENTS.AFILIADOS_EDIT)],
      schema: {
        summary:
          'Marca revisada la respuesta observada de una atención, con lo que se encontró, o la vuelve a pendiente (queda registrado)',
        params: idParamSchema,
        body: confirmacionRevisionSchema,
      },
    },
    async (request, reply) => {
      await revisar(app, currentUser(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );
};

export default prestacionesRoutes;
