import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

export default fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
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
  },
  { name: 'security', dependencies: ['db'] },
);
