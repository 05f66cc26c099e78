import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, MESSAGES, PUBLIC_CONFIG_META_NAME, type PublicConfig } from '@red-dental/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html.ts';
import { API_ROOT } from '../paths.ts';

export const WEB_DIST = fileURLToPath(new URL('../web/dist', API_ROOT));

/**
 * index.html (and each page's own HTML) with the browser's settings in a meta element (read by
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

/** A page as sent: its HTML, and compressed once for the life of the process. */
interface ServedPage {
  html: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The page, compressed at the highest settings on libuv's threads rather
 * than the main one (all pages together took 400 ms of the start-up); the
 * moments before that ends, it goes out as it is.
 */
function served(html: string): ServedPage {
  const page: ServedPage = { html };
  brotliCompress(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }, (error, result) => {
    if (!error) page.br = result;
  });
  gzip(html, { level: 9 }, (error, result) => {
    if (!error) page.gzip = result;
  });
  return page;
}

/** Sends a page, compressed as the browser accepts; pages are always revalidated. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: ServedPage) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (page.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (page.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/** The web build's list of pages with an HTML of their own (apps/web/src/prerender/pages.ts). */
type PagesIndex = Record<string, { file: string; variants?: Record<string, string>; showsMap?: boolean }>;

/**
 * A page showing the map connects to the tile server while its own files
 * download, so the first tiles do not wait for that too. Only when the
 * address names one server (not `{s}.tile…`), and only on those pages: the
 * tile server hears from nobody who does not look at a map.
 */
export function withTilePreconnect(html: string, tileUrl: string): string {
  const origin = /^(https?:\/\/[^/{}]+)\//.exec(tileUrl)?.[1];
  if (!origin) return html;
  return html.replace('</head>', `  <link rel="preconnect" href="${escapeHtml(origin)}">\n  </head>`);
}

/** The variant of a prerendered page that matches the server's settings (its suffix in the build). */
function variantFor(config: PublicConfig): string {
  return config.affiliateLoginBirthdate ? '.fecha-nacimiento' : '';
}

/**
 * Each page's own HTML, with the settings written in: by its address (/cartilla)
 * and by its file (/pages/cartilla.html, which the service worker keeps).
 */
function readPages(root: string, config: PublicConfig): Map<string, ServedPage> {
  const pages = new Map<string, ServedPage>();
  const indexPath = path.join(root, 'pages', 'index.json');
  if (!existsSync(indexPath)) return pages;
  const index = JSON.parse(readFileSync(indexPath, 'utf8')) as PagesIndex;
  for (const [address, page] of Object.entries(index)) {
    const read = (file: string) => {
      const html = withPublicConfig(readFileSync(path.join(root, file), 'utf8'), config);
      return served(page.showsMap ? withTilePreconnect(html, config.tileUrl) : html);
    };
    pages.set(address, read(page.variants?.[variantFor(config)] ?? page.file));
    for (const each of [page.file, ...Object.values(page.variants ?? {})]) pages.set(`/${each}`, read(each));
  }
  return pages;
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
 * Paths the server answers itself, never the app's: the API, and /metrics, whose route exists only
 * while metrics are on (METRICS_TOKEN), so a scrape of a server without them is told 404, not sent
 * a web page with 200.
 */
function isServerPath(url: string): boolean {
  const address = url.split('?')[0]!;
  return ['/api', '/metrics'].some((root) => address === root || address.startsWith(`${root}/`));
}

/**
 * Serves the built single-page app. Unknown server paths (isServerPath) answer a JSON 404;
 * every other GET falls back to index.html so the client router decides.
 */
export default fp(
  async (app: FastifyInstance, opts: SpaOptions) => {
    const root = path.resolve(opts.root ?? WEB_DIST);
    const indexPath = path.join(root, 'index.html');
    const hasSpa = existsSync(indexPath);
    if (hasSpa) {
      // Built once: the settings come from the environment, fixed for the life of the process.
      const indexPage = served(withPublicConfig(readFileSync(indexPath, 'utf8'), opts.publicConfig));
      const pages = readPages(root, opts.publicConfig);
      // Files are answered by the route below (`reply.sendFile`), not by a route per file: globbing
      // the build's hundreds of files into routes took a fifth of the server's start-up.
      await app.register(fastifyStatic, {
        root,
        serve: false,
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
        if (isServerPath(request.url)) {
          return reply.status(404).send({ error: MESSAGES.NOT_FOUND_ROUTE, code: ERROR_CODES.NOT_FOUND });
        }
        const address = request.url.split('?')[0]!;
        const file = address.slice(1);
        const page = pages.get(address.length > 1 ? address.replace(/\/+$/, '') : address);
        if (page) return sendPage(request, reply, page);
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
        return sendPage(request, reply, indexPage);
      });
    } else {
      app.log.warn({ root }, 'web app not built; only the API is served');
    }
  },
  { name: 'spa' },
);
