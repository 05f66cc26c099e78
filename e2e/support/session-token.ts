import { createHmac } from 'node:crypto';
import { JWT_SECRET } from './env.ts';

/**
 * The same session with an earlier end: the token's claims with `exp` moved to
 * `endsAt`, signed as the server signs them (HS256 with the run's JWT_SECRET),
 * so the server accepts it until then. An affiliate's session lasts 2 hours;
 * a test cannot wait that long, and the browser's fake clock does not reach the
 * service worker.
 */
export function tokenEndingAt(token: string, endsAt: number): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const body = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(endsAt / 1000) })).toString(
    'base64url',
  );
  const signature = createHmac('sha256', JWT_SECRET).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}
