import { createHash, randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  hasPermission,
  MESSAGES,
  type PermissionRequirement,
  type UserStatus,
} from '@red-dental/contracts';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import { secondFactorCompulsory } from '../lib/second-factor.ts';
import { createSecretBox, type SecretBox } from '../lib/secret-box.ts';
import { rememberVerified } from '../lib/verified-tokens.ts';
import {
  findAfiliadoTokenVersion,
  findOrCreateSetting,
  findSubject,
  insertSession,
  pruneSessions,
  touchSession,
} from './auth.repository.ts';
import { documentedGuard } from './openapi.ts';

export const USER_TOKEN_TTL_HOURS = 12;
export const USER_TOKEN_TTL = `${USER_TOKEN_TTL_HOURS}h`;
/** A session's 'last used' moves on at most this often: most requests then only read. */
const SESSION_TOUCH_MS = 5 * 60_000;
/** The second step of a sign-in must follow the password within this time. */
const CHALLENGE_TTL = '5m';
export const AFILIADO_TOKEN_TTL = '2h';
const ISSUER = 'red-dental';
/** What every guard here answers, for the OpenAPI document: no valid token (401), the wrong subject (403). */
const SIGNED_IN = { statuses: [401, 403], signedIn: true };

/** A signed-in user as the guards found it: status, token version and every permission of its roles. */
export interface Subject {
  id: number;
  email: string;
  status: UserStatus;
  tokenVersion: number;
  permissions: ReadonlySet<string>;
  /** The client's address as the server trusts it (TRUST_PROXY), for the audit log and per-client limits. */
  address: string;
  /** The session (sign-in, device) the token belongs to. */
  sessionId: string;
  /** Whether that session proved a second factor (at sign-in, or by turning it on). */
  secondFactor: boolean;
}

/** Where a sign-in comes from, kept with its session so the owner can recognize it. */
export interface Client {
  address: string;
  userAgent?: string | undefined;
}

/** A signed-in affiliate: the token version their sign-out moves on, and whether the birth date was given. */
export interface AfiliadoSubject {
  id: number;
  tokenVersion: number;
  /** The session was opened with the birth date too (AFFILIATE_LOGIN_BIRTHDATE): contact data is shown whole. */
  birthdateProven: boolean;
}

export type Auth = { kind: 'user'; user: Subject } | { kind: 'afiliado'; afiliado: AfiliadoSubject };

declare module 'fastify' {
  interface FastifyInstance {
    /** Opens a session (one device) for the user and signs its token; `secondFactor`: the sign-in proved one. */
    signUserToken(
      user: { id: number; tokenVersion: number },
      client: Client,
      options?: { secondFactor: boolean },
    ): Promise<string>;
    signAfiliadoToken(
      afiliado: { id: number; tokenVersion: number },
      options: { birthdateProven: boolean },
    ): Promise<string>;
    /**
     * A token for the second step of a sign-in (the code of the app, or setting it up): valid 5
     * minutes, for the user at its token version, and good for nothing else. Each names itself
     * (`challengeId`), so the step can spend it and count its wrong codes.
     */
    signChallenge(user: { id: number; tokenVersion: number }): Promise<string>;
    /** The user a challenge was made for, and the challenge's id; undefined when it is not one, or expired. */
    verifyChallenge(token: string): { id: number; tokenVersion: number; challengeId: string } | undefined;
    /** Seals secrets kept in the database under a key kept apart from them (app_settings). */
    secretBox: SecretBox;
    /**
     * onRequest guard: a signed-in user meeting the requirement (`hasPermission`; none: any signed-in user).
     * Where the network requires a second factor of the account, its session must have proved one,
     * except on the routes that let it set one up (`beforeSecondFactor`).
     */
    authorize(
      required?: PermissionRequirement,
      options?: { beforeSecondFactor?: boolean },
    ): onRequestHookHandler;
    /** onRequest guard: an affiliate token only. */
    authorizeAfiliado: onRequestHookHandler;
    /** onRequest guard: anyone signed in, user or affiliate (what they may reach is the service's to decide). */
    authenticate: onRequestHookHandler;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export default fp(
  async (app: FastifyInstance) => {
    // Without JWT_SECRET, one secret is generated and kept in the database, so every instance shares it.
    const secret =
      app.config.jwtSecret ??
      (await findOrCreateSetting(app.db, 'jwt_secret', () => randomBytes(48).toString('base64url')));
    const signer = (ttl: string) =>
      createSigner({ key: secret, algorithm: 'HS256', iss: ISSUER, expiresIn: ttl });
    const signUser = signer(USER_TOKEN_TTL);
    const signAfiliado = signer(AFILIADO_TOKEN_TTL);
    // Checked signatures are remembered per token (until it expires, at most 10 minutes). Whether the
    // subject may still act is read from the database on every request all the same.
    const verify = rememberVerified(
      createVerifier({
        key: secret,
        algorithms: ['HS256'],
        allowedIss: ISSUER,
        requiredClaims: ['exp', 'sub'],
      }),
    );

    app.decorate(
      'signUserToken',
      async (
        user: { id: number; tokenVersion: number },
        client: Client,
        options = { secondFactor: false },
      ) => {
        const sid = randomBytes(16).toString('base64url');
        await pruneSessions(app.db, user.id, user.tokenVersion, USER_TOKEN_TTL_HOURS);
        await insertSession(app.db, {
          id: sid,
          userId: user.id,
          tokenVersion: user.tokenVersion,
          userAgent: client.userAgent?.slice(0, 300) ?? null,
          address: client.address,
          secondFactor: options.secondFactor,
        });
        return signUser({ kind: 'user', tv: user.tokenVersion, sid, sub: String(user.id) });
      },
    );
    app.decorate(
      'signAfiliadoToken',
      async (afiliado: { id: number; tokenVersion: number }, options: { birthdateProven: boolean }) =>
        signAfiliado({
          kind: 'afiliado',
          sub: String(afiliado.id),
          tv: afiliado.tokenVersion,
          bd: options.birthdateProven,
        }),
    );
    const signChallenge = signer(CHALLENGE_TTL);
    app.decorate('signChallenge', async (user: { id: number; tokenVersion: number }) =>
      signChallenge({
        kind: 'mfa',
        tv: user.tokenVersion,
        sub: String(user.id),
        cid: randomBytes(16).toString('base64url'),
      }),
    );
    app.decorate('verifyChallenge', (token: string) => {
      try {
        const payload = verify(token) as Record<string, unknown>;
        const id = Number(payload.sub);
        if (
          payload.kind !== 'mfa' ||
          !Number.isSafeInteger(id) ||
          typeof payload.tv !== 'number' ||
          typeof payload.cid !== 'string'
        )
          return undefined;
        return { id, tokenVersion: payload.tv, challengeId: payload.cid };
      } catch {
        return undefined;
      }
    });
    // SECRET_BOX_KEY keeps the key out of the database, so a copy of it alone opens no second factor;
    // without it a key is generated once and kept in the database, like the JWT secret.
    const boxKey = app.config.secretBoxKey
      ? createHash('sha256').update(app.config.secretBoxKey).digest()
      : Buffer.from(
          await findOrCreateSetting(app.db, 'secret_box_key', () => randomBytes(32).toString('base64url')),
          'base64url',
        );
    app.decorate('secretBox', createSecretBox(boxKey));

    app.decorateRequest('auth', null);

    /** Verifies the token and re-reads the subject, so revoked or re-roled users lose access at once. */
    async function resolveAuth(request: FastifyRequest): Promise<Auth> {
      const token = bearer(request);
      if (!token) throw unauthorized();
      let payload: Record<string, unknown>;
      try {
        payload = verify(token);
      } catch (error) {
        if (error instanceof TokenError) throw unauthorized(MESSAGES.SESSION_EXPIRED);
        throw error;
      }
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0) throw unauthorized(MESSAGES.SESSION_EXPIRED);
      if (payload.kind === 'user') {
        const sessionId = typeof payload.sid === 'string' ? payload.sid : '';
        const row = sessionId ? await findSubject(app.db, id, sessionId) : undefined;
        // Signed out on this device (no session), everywhere (version moved on), or no longer active.
        if (row?.status !== 'active' || row.tokenVersion !== payload.tv || !row.sessionUsedAt)
          throw unauthorized(MESSAGES.SESSION_EXPIRED);
        if (Date.now() - row.sessionUsedAt.getTime() > SESSION_TOUCH_MS)
          await touchSession(app.db, sessionId);
        const { sessionUsedAt: _, ...subject } = row;
        return {
          kind: 'user',
          user: { ...subject, address: request.ip, sessionId },
        };
      }
      if (payload.kind === 'afiliado') {
        // A sign-out moves the version on: every token issued before stops working.
        const tokenVersion = await findAfiliadoTokenVersion(app.db, id);
        if (tokenVersion === undefined || tokenVersion !== payload.tv)
          throw unauthorized(MESSAGES.SESSION_EXPIRED);
        return {
          kind: 'afiliado',
          afiliado: { id, tokenVersion, birthdateProven: payload.bd === true },
        };
      }
      throw unauthorized(MESSAGES.SESSION_EXPIRED);
    }

    /**
     * A user whose account needs a second factor its session has not proved: opened before the
     * account needed one (its roles grew, or the network began requiring it). Such a session
     * reaches only what sets one up.
     */
    const lacksSecondFactor = (user: Subject) =>
      !user.secondFactor && secondFactorCompulsory(app.config, user.permissions);
    const secondFactorRequired = () =>
      new AppError(403, MESSAGES.acceso.SETUP_REQUIRED, ERROR_CODES.SECOND_FACTOR_REQUIRED);

    app.decorate(
      'authorize',
      (required?: PermissionRequirement, options: { beforeSecondFactor?: boolean } = {}) => {
        return documentedGuard(async function authorizeUser(request: FastifyRequest, _reply: FastifyReply) {
          const auth = await resolveAuth(request);
          if (auth.kind !== 'user') throw forbidden();
          if (!options.beforeSecondFactor && lacksSecondFactor(auth.user)) throw secondFactorRequired();
          if (required && !hasPermission(auth.user.permissions, required)) throw forbidden();
          request.auth = auth;
        }, SIGNED_IN);
      },
    );

    app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      const auth = await resolveAuth(request);
      if (auth.kind === 'user' && lacksSecondFactor(auth.user)) throw secondFactorRequired();
      request.auth = auth;
    });

    app.decorate('authorizeAfiliado', async function authorizeAfiliado(request: FastifyRequest) {
      const auth = await resolveAuth(request);
      if (auth.kind !== 'afiliado') throw forbidden(MESSAGES.AFFILIATE_ONLY);
      request.auth = auth;
    });
    documentedGuard(app.authenticate, SIGNED_IN);
    documentedGuard(app.authorizeAfiliado, SIGNED_IN);
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The client of a request, for a session it opens. */
export function clientOf(request: FastifyRequest): Client {
  return { address: request.ip, userAgent: request.headers['user-agent'] };
}

/** The signed-in user of a request that passed `authorize` (throws otherwise, which is a programming error). */
export function currentUser(request: FastifyRequest): Subject {
  if (request.auth?.kind !== 'user') throw unauthorized();
  return request.auth.user;
}

export function currentAfiliadoId(request: FastifyRequest): number {
  return currentAfiliado(request).id;
}

/** The signed-in affiliate of a request that passed `authorizeAfiliado`. */
export function currentAfiliado(request: FastifyRequest): AfiliadoSubject {
  if (request.auth?.kind !== 'afiliado') throw unauthorized();
  return request.auth.afiliado;
}
