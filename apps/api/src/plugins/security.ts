import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** The origin(s) map tiles come from, for the CSP's img-src ("{s}" subdomains become a wildcard). */
export function tileSources(tileUrl: string): string[] {
  try {
    const url = new URL(tileUrl.replace(/\{[xyz]\}|\{r\}/g, '0').replace('{s}', 'tile-subdomain'));
    if (url.hostname.startsWith('tile-subdomain.'))
      return [
        `${url.protocol}//*.${url.hostname.slice('tile-subdomain.'.length)}${url.port ? `:${url.port}` : ''}`,
      ];
    return [url.origin];
  } catch {
    return [];
  }
}

const API_PATH = /^\/api(?:[/?]|$)/;

/**
 * helmet's security headers on every response, and `Cache-Control: no-store`
 * on every API answer. The middleware is built once and run
 * on the raw response (Fastify keeps headers set there); the Fastify wrapper would
 * rebuild it, and re-parse the CSP, on every request.
 */
export default fp(
  async (app: FastifyInstance) => {
    const setSecurityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(app.config.tileUrl)],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      // Notification PDFs open in a new tab from a signed link.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      strictTransportSecurity: app.config.env === 'production',
    });
    app.addHook('onRequest', (request, reply, done) => {
      // API answers carry personal data: no cache may keep them. A route with a policy of its own
      // (the affiliate directory's revalidation, the files' private no-store) sets it over this one.
      if (API_PATH.test(request.url)) reply.header('cache-control', 'no-store');
      setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'security', dependencies: ['db'] },
);
