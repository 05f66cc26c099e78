import { geocodeQuerySchema, geocodeResultsSchema } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './geocoding.service.ts';

/** `/api/geocode`: address suggestions in Argentina, for the profile screens' address field. */
const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: [app.authorize()],
      schema: {
        summary: 'Sugerencias de direcciones en Argentina (vacío si el servicio no responde)',
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResultsSchema },
      },
    },
    async (request) => service.geocode(app, currentUser(request), request.query.q),
  );
};

export default geocodingRoutes;
