import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, MESSAGES, PUBLIC_CONFIG_META_NAME, type PublicConfig } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html.ts';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * index.html with the browser's settings in a meta element (read by
 * apps/web/src/lib/config.ts). A meta rather than an inline script, which
 * the Content-Security-Policy forbids.
 */
export function withPublicConfig(html: string, config: PublicConfig): string {
  const meta = `<meta name="${PUBLIC_CONFIG_META_NAME}" content='${escapeHtml(JSON.stringify(config))}' />`;
  const head = html.indexOf('</head>');
  return head === -1 ? `${meta}${html}` : `${html.slice(0, head)}    ${meta}\n  ${html.slice(head)}`;
}

export interface SpaOptions {
  root?: string;
  publicConfig: PublicConfig;
  /** Source maps are served only outside production (docs/decisions/055). */
  serveSourceMaps: boolean;
}

/**
 * Whether a built file is for tools rather than browsers: anything under a
 * dot-folder (Vite's `.vite/manifest.json`, which the bundle-size benchmark
 * reads from disk) and, when maps are not served, the source maps.
 */
function isForTools(file: string, serveSourceMaps: boolean): boolean {
  return file.split('/').some((part) => part.startsWith('.')) || (!serveSourceMaps && file.endsWith('.map'));
}

/**
 * Serves the built single-page app. Unknown /api paths answer a JSON 404;
 * every other GET falls back to index.html so the client router decides.
 */
export default fp(
  async (app: FastifyInstance, opts: SpaOptions) => {
    const root = path.resolve(opts.root ?? WEB_DIST);
    const indexPath = path.join(root, 'index.html');
    const hasSpa = existsSync(indexPath);
    if (hasSpa) {
      // Built once: the settings come from the environment, fixed for the life of the process.
      const indexHtml = withPublicConfig(readFileSync(indexPath, 'utf8'), opts.publicConfig);
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies of text assets: sent as they are to browsers that accept them.
        preCompressed: true,
        // index.html is answered below, with the settings written in; dot-folders are never globbed.
        globIgnore: opts.serveSourceMaps ? ['index.html'] : ['index.html', '**/*.map'],
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
        // A file kept for tools is answered like one that does not exist.
        if (
          file &&
          file !== 'index.html' &&
          !file.includes('..') &&
          !isForTools(file, opts.serveSourceMaps) &&
          existsSync(path.join(root, file)) &&
          path.extname(file)
        )
          return reply.sendFile(file);
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
      });
    } else {
      app.log.warn({ root }, 'web app not built; only the API is served');
    }
  },
  { name: 'spa' },
);
