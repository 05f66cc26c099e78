import {
  arancelesImportFormSchema,
  arancelesImportResultSchema,
  arancelesPageSchema,
  arancelesQuerySchema,
  convenioInputSchema,
  convenioSchema,
  conveniosQuerySchema,
  idParamSchema,
  MESSAGES,
  PERMISSIONS,
  simulableQuerySchema,
} from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TextSniffer } from '../../lib/csv-sniffer.ts';
import { parseForm } from '../../lib/forms.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './convenios.service.ts';
import * as importService from './convenios-import.service.ts';

/**
 * `/api/convenios`: the insurers' contracts and their dated fees. Anyone of
 * the back office reads them (a dentist sees what a code pays); NOMENCLADOR.MANAGE
 * keeps them.
 */
const conveniosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.BACKOFFICE_ACCESS)],
      schema: {
        summary:
          'Los convenios con las obras sociales (de una, con obraSocialId), por obra social y vigencia',
        querystring: conveniosQuerySchema,
        response: { 200: z.array(convenioSchema) },
      },
    },
    async (request) => service.listConvenios(app, request.query.obraSocialId),
  );

  app.post(
    '/',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary: 'Crea un convenio (dos convenios de una obra social no se superponen en el tiempo)',
        body: convenioInputSchema,
        response: { 201: convenioSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createConvenio(app, currentUser(request), request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary: 'Cambia los términos de un convenio',
        params: idParamSchema,
        body: convenioInputSchema,
        response: { 200: convenioSchema },
      },
    },
    async (request) => service.updateConvenio(app, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/:id/aranceles',
    {
      onRequest: [app.authorize(PERMISSIONS.BACKOFFICE_ACCESS)],
      schema: {
        summary:
          'Los aranceles del convenio vigentes en una fecha (hoy si no se indica), por código o nombre',
        params: idParamSchema,
        querystring: arancelesQuerySchema,
        response: { 200: arancelesPageSchema },
      },
    },
    async (request) => service.listAranceles(app, request.params.id, request.query),
  );

  app.post(
    '/:id/aranceles/import',
    {
      onRequest: [app.authorize(PERMISSIONS.NOMENCLADOR_MANAGE)],
      schema: {
        summary:
          'Importa aranceles de un CSV (multipart: file; codigo;importe;vigente_desde;vigente_hasta, importe en pesos 12.345,67 o en unidades U:3). ?dryRun=true responde 200 con lo que haría sin escribir; ?simular=true además lo escribe en una transacción que se deshace y responde qué cambiaría en las prestaciones de los últimos tres meses, por obra social y código de débito; sin él, 201 cuando el archivo entero se cargó, o 400 si alguna línea tiene errores (no se carga nada)',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        querystring: simulableQuerySchema,
        response: { 200: arancelesImportResultSchema, 201: arancelesImportResultSchema },
      },
    },
    async (request, reply) => {
      const upload = await request.receiveUpload({
        maxBytes: app.config.maxCsvBytes,
        inspect: () => new TextSniffer(),
      });
      try {
        parseForm(
          arancelesImportFormSchema,
          { file: upload.file?.fileName },
          MESSAGES.convenios.FILE_REQUIRED,
        );
        const { isUtf8, isBinary } = upload.inspection!;
        const { dryRun, simular } = request.query;
        const result = await importService.importAranceles(
          app,
          currentUser(request),
          request.params.id,
          { ...upload.file!, isUtf8, isBinary },
          { dryRun, simular },
        );
        return reply.status(dryRun || simular ? 200 : 201).send(result);
      } finally {
        await upload.cleanup();
      }
    },
  );
};

export default conveniosRoutes;
