import {
  debitoDecisionSchema,
  debitoOsSchema,
  debitosImportFormSchema,
  debitosImportResultSchema,
  dryRunQuerySchema,
  idParamSchema,
  loteExportQuerySchema,
  loteSchema,
  lotesQuerySchema,
  MESSAGES,
  messageResponseSchema,
  PERMISSIONS,
  pagoInputSchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TextSniffer } from '../../lib/csv-sniffer.ts';
import { parseForm } from '../../lib/forms.ts';
import { currentUser } from '../../plugins/auth.ts';
import { sendAuditedExport } from '../auditoria/audited-export.ts';
import * as debitos from './debitos.service.ts';
import * as service from './liquidaciones.service.ts';
import { exportarLote } from './lotes-export.ts';

/** `/api/lotes`: each insurer's lot by period and contract, with its invoice number and payment (LIQUIDACIONES.MANAGE). */
const lotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const gestion = app.authorize(PERMISSIONS.LIQUIDACIONES_MANAGE);
  app.get(
    '/',
    {
      onRequest: [gestion],
      schema: {
        summary:
          'Los lotes de facturación a las obras sociales, por período, con su número de factura y pago',
        querystring: lotesQuerySchema,
        response: { 200: z.array(loteSchema) },
      },
    },
    async (request) => service.lotes(app, request.query),
  );
  app.put(
    '/:id/pago',
    {
      onRequest: [gestion],
      schema: {
        summary: 'Registra el día en que la obra social pagó el lote',
        params: idParamSchema,
        body: pagoInputSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => service.pagarLote(app, currentUser(request), request.params.id, request.body.pagadoEl),
  );

  app.get(
    '/:id/export',
    {
      onRequest: [gestion],
      schema: {
        summary:
          'El detalle del lote para la obra social: CSV o XLSX (cada línea con su atención, afiliado, código, pieza, caras, arancel, coseguro e importe facturado) o un Bundle FHIR R4 de Claim (una por atención, la pieza FDI en bodySite y cada cara en subSite); queda en la auditoría',
        params: idParamSchema,
        querystring: loteExportQuerySchema,
        produces: [
          'text/csv',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'application/fhir+json',
        ],
      },
    },
    (request, reply) =>
      sendAuditedExport(app, request, reply, (deps, caller) =>
        exportarLote(deps, caller, request.params.id, request.query),
      ),
  );

  app.post(
    '/:id/debitos/import',
    {
      onRequest: [gestion],
      schema: {
        summary:
          'Importa los débitos de la obra social sobre el lote (multipart: file; linea o codigo_validacion [y codigo], importe 12.345,67, motivo "D05 falta Rx"). Cada uno se traslada al prestador o lo absorbe la red según su motivo; sin código de débito, queda para decidir a mano. ?dryRun=true responde 200 con lo que haría; sin él, 201 con todo cargado, o 400 si alguna línea tiene errores (no se carga nada)',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        querystring: dryRunQuerySchema,
        response: { 200: debitosImportResultSchema, 201: debitosImportResultSchema },
      },
    },
    async (request, reply) => {
      const upload = await request.receiveUpload({
        maxBytes: app.config.maxCsvBytes,
        inspect: () => new TextSniffer(),
      });
      try {
        parseForm(
          debitosImportFormSchema,
          { file: upload.file?.fileName },
          MESSAGES.cierre.DEBITOS_FILE_REQUIRED,
        );
        const { isUtf8, isBinary } = upload.inspection!;
        const { dryRun } = request.query;
        const result = await debitos.importDebitos(
          app,
          currentUser(request),
          request.params.id,
          { ...upload.file!, isUtf8, isBinary },
          { dryRun },
        );
        return reply.status(dryRun ? 200 : 201).send(result);
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.get(
    '/:id/debitos',
    {
      onRequest: [gestion],
      schema: {
        summary:
          'Los débitos de la obra social sobre el lote, con quién carga cada uno y hasta cuándo se refactura',
        params: idParamSchema,
        response: { 200: z.array(debitoOsSchema) },
      },
    },
    async (request) => debitos.debitos(app, request.params.id),
  );

  app.put(
    '/:id/debitos/:debitoId',
    {
      onRequest: [gestion],
      schema: {
        summary:
          'Decide a mano un débito de la obra social: trasladarlo al prestador o que lo absorba la red (hasta que se liquide)',
        params: z.object({ id: idParamSchema.shape.id, debitoId: idParamSchema.shape.id }),
        body: debitoDecisionSchema,
        response: { 200: messageResponseSchema.extend({ debito: debitoOsSchema }) },
      },
    },
    async (request) =>
      debitos.decidirDebito(
        app,
        currentUser(request),
        request.params.id,
        request.params.debitoId,
        request.body.decision,
      ),
  );
};

export default lotesRoutes;
