import { cartillaProfesionalSchema } from '@red-dental/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAfiliadoId } from '../../plugins/auth.ts';
import { createDirectoryCache, type DirectoryBody } from './cartilla.service.ts';

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

/** `/api/profesionales/obrasocial`: the affiliate's directory, at the address the spec gives it. */
const cartillaRoutes: FastifyPluginAsyncZod = async (app) => {
  const directory = createDirectoryCache();

  app.get(
    '/obrasocial',
    {
      onRequest: [app.authorizeAfiliado],
      schema: {
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
};

export default cartillaRoutes;
