import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built single-page app. Unknown /api paths answer a JSON 404;
 * every other GET falls back to index.html so the client router decides.
 */
export default fp(
  async (app: FastifyInstance, opts: { root?: string }) => {
    const root = path.resolve(opts.root ?? WEB_DIST);
    const hasSpa = existsSync(path.join(root, 'index.html'));
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies of text assets: sent as they are to browsers that accept them.
        preCompressed: true,
        setHeaders(reply, filePath) {
          // Hashed assets never change; index.html must always be revalidated.
          reply.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
      app.get('/*', { schema: { hide: true } }, (request, reply) => {
        if (request.url.startsWith('/api/') || request.url === '/api') {
          return reply.status(404).send({ error: MESSAGES.NOT_FOUND_ROUTE, code: ERROR_CODES.NOT_FOUND });
        }
        const file = request.url.split('?')[0]!.slice(1);
        if (file && !file.includes('..') && existsSync(path.join(root, file)) && path.extname(file))
          return reply.sendFile(file);
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
    } else {
      app.log.warn({ root }, 'web app not built; only the API is served');
    }
  },
  { name: 'spa' },
);
