import { randomBytes } from 'node:crypto';
import { hasPermission, MESSAGES, type PermissionName } from '@red-dental/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.ts';
import { afiliados, appSettings } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { findSubject, type Subject } from '../modules/usuarios/usuarios.repository.ts';

export const USER_TOKEN_TTL = '12h';
export const AFILIADO_TOKEN_TTL = '2h';
const ISSUER = 'red-dental';

export type Auth = { kind: 'user'; user: Subject } | { kind: 'afiliado'; afiliadoId: number };

declare module 'fastify' {
  interface FastifyInstance {
    signUserToken(user: { id: number; tokenVersion: number }): Promise<string>;
    signAfiliadoToken(afiliadoId: number): Promise<string>;
    /** onRequest guard: a signed-in user holding every permission named (none: any signed-in user). */
    authorize(required?: PermissionName | readonly PermissionName[]): onRequestHookHandler;
    /** onRequest guard: an affiliate token only. */
    authorizeAfiliado: onRequestHookHandler;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** The JWT secret: from config, else generated once and kept in the database so every instance shares it. */
async function resolveSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSettings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  return new TextEncoder().encode(row!.value);
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export default fp(
  async (app: FastifyInstance) => {
    const key = await resolveSecret(app.db, app.config.jwtSecret);

    const sign = (claims: Record<string, unknown>, subject: string, ttl: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(key);

    app.decorate('signUserToken', (user: { id: number; tokenVersion: number }) =>
      sign({ kind: 'user', tv: user.tokenVersion }, String(user.id), USER_TOKEN_TTL),
    );
    app.decorate('signAfiliadoToken', (afiliadoId: number) =>
      sign({ kind: 'afiliado' }, String(afiliadoId), AFILIADO_TOKEN_TTL),
    );
    app.decorateRequest('auth', null);

    /** Verifies the token and re-reads the subject, so revoked or re-roled users lose access at once. */
    async function resolveAuth(request: FastifyRequest): Promise<Auth> {
      const token = bearer(request);
      if (!token) throw unauthorized();
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw unauthorized(MESSAGES.SESSION_EXPIRED);
        throw error;
      }
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0) throw unauthorized(MESSAGES.SESSION_EXPIRED);
      if (payload.kind === 'user') {
        const user = await findSubject(app.db, id);
        if (user?.status !== 'active' || user.tokenVersion !== payload.tv)
          throw unauthorized(MESSAGES.SESSION_EXPIRED);
        return { kind: 'user', user };
      }
      if (payload.kind === 'afiliado') {
        const [row] = await app.db.select({ id: afiliados.id }).from(afiliados).where(eq(afiliados.id, id));
        if (!row) throw unauthorized(MESSAGES.SESSION_EXPIRED);
        return { kind: 'afiliado', afiliadoId: id };
      }
      throw unauthorized(MESSAGES.SESSION_EXPIRED);
    }

    app.decorate('authorize', (required?: PermissionName | readonly PermissionName[]) => {
      return async function authorizeUser(request: FastifyRequest, _reply: FastifyReply) {
        const auth = await resolveAuth(request);
        if (auth.kind !== 'user') throw forbidden();
        if (required && !hasPermission(auth.user.permissions, required)) throw forbidden();
        request.auth = auth;
      };
    });

    app.decorate('authorizeAfiliado', async function authorizeAfiliado(request: FastifyRequest) {
      const auth = await resolveAuth(request);
      if (auth.kind !== 'afiliado') throw forbidden(MESSAGES.AFFILIATE_ONLY);
      request.auth = auth;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The signed-in user of a request that passed `authorize` (throws otherwise, which is a programming error). */
export function currentUser(request: FastifyRequest): Subject {
  if (request.auth?.kind !== 'user') throw unauthorized();
  return request.auth.user;
}

export function currentAfiliadoId(request: FastifyRequest): number {
  if (request.auth?.kind !== 'afiliado') throw unauthorized();
  return request.auth.afiliadoId;
}
