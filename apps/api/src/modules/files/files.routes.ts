import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import * as service from './files.service.ts';

/**
 * `inline` with the file's name: a plain ASCII fallback and, when the name
 * has other characters, its UTF-8 form (RFC 6266). The well-known package
 * for this needs Node 22 in its current major.
 */
function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (ascii === name) return `inline; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const linkInvalid = () => new AppError(403, MESSAGES.notificaciones.LINK_INVALID, ERROR_CODES.FORBIDDEN);

/**
 * `/api/files/<key>`: a stored file through a link signed for one caller
 * (plugins/file-links.ts), so the browser can open it in a new tab without
 * a header.
 */
const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/*',
    {
      schema: {
        summary: 'Descarga un archivo con un enlace firmado (válido 10 minutos, para quien lo pidió)',
        security: [],
        params: z.object({ '*': z.string().max(600) }),
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (request, reply) => {
      const link = await app.fileLinks.verify(request.params['*'], request.query);
      if (!link) throw linkInvalid();
      const file = await service.openLinkedFile(app, link);
      // The app's policy (plugins/security.ts, with nosniff beside it) plus `sandbox`: a stored file
      // opened on its own gets an opaque origin and runs no script, whatever it turns out to hold.
      const policy = reply.getHeader('content-security-policy');
      return reply
        .header('content-security-policy', policy ? `sandbox; ${policy}` : 'sandbox')
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', inlineDisposition(link.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};

export default filesRoutes;
