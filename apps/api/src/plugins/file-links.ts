import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FILE_LINK_TTL_SECONDS } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findAfiliadoTokenVersion, findOrCreateSetting, findSubject } from './auth.repository.ts';
import type { Auth } from './auth.ts';

/**
 * Who a link was made for: a user's session at a token version (signing out of
 * that device, a password change or a revoked account ends its links too), or
 * an affiliate at a token version.
 */
export type LinkSubject =
  | { kind: 'user'; id: number; tokenVersion: number; sessionId: string }
  | { kind: 'afiliado'; id: number; tokenVersion: number };

/** Who opens the link, as the database has them now: an active user with their permissions, or an affiliate. */
export type LinkReader =
  | { kind: 'user'; id: number; permissions: ReadonlySet<string> }
  | { kind: 'afiliado'; id: number };

export interface VerifiedLink {
  key: string;
  reader: LinkReader;
  /** The name the file is served under. */
  fileName: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    fileLinks: {
      /**
       * A link to a stored file signed for the signed-in caller and valid
       * FILE_LINK_TTL_SECONDS: `/api/files/<key>?s=&e=&n=&sig=`. It works in a
       * new tab without a header; the file route checks the signature, the
       * expiry and that the subject may still sign in.
       */
      sign(key: string, auth: Auth, fileName: string): string;
      /**
       * The link's key, reader and name when the signature is good, it has
       * not expired and its subject may still sign in (a logout, a revoked
       * account or a deleted affiliate ends its links); otherwise undefined.
       * Whether the reader may open that file is the file route's to decide.
       */
      verify(key: string, query: Record<string, unknown>): Promise<VerifiedLink | undefined>;
    };
  }
}

function subjectOf(auth: Auth): string {
  return auth.kind === 'user'
    ? `u.${auth.user.id}.${auth.user.tokenVersion}.${auth.user.sessionId}`
    : `a.${auth.afiliado.id}.${auth.afiliado.tokenVersion}`;
}

function parseSubject(value: string): LinkSubject | undefined {
  const user = /^u\.([1-9][0-9]{0,9})\.([0-9]{1,10})\.([A-Za-z0-9_-]{22})$/.exec(value);
  if (user) return { kind: 'user', id: Number(user[1]), tokenVersion: Number(user[2]), sessionId: user[3]! };
  const afiliado = /^a\.([1-9][0-9]{0,9})\.([0-9]{1,10})$/.exec(value);
  if (afiliado) return { kind: 'afiliado', id: Number(afiliado[1]), tokenVersion: Number(afiliado[2]) };
  return undefined;
}

/**
 * Signed links to stored files (a notification's PDF). The HMAC
 * key is a secret kept in the database, so every instance verifies the links
 * any other made.
 */
export default fp(
  async (app: FastifyInstance) => {
    const secret = await findOrCreateSetting(app.db, 'file_link_secret', () =>
      randomBytes(32).toString('base64url'),
    );
    const mac = (key: string, subject: string, expires: string, name: string) =>
      createHmac('sha256', secret).update(`${key}\n${subject}\n${expires}\n${name}`).digest();

    /** The subject as it is now, if it may still sign in (a logout or a revoked account ends its links). */
    async function readerOf(subject: LinkSubject): Promise<LinkReader | undefined> {
      if (subject.kind === 'afiliado') {
        const tokenVersion = await findAfiliadoTokenVersion(app.db, subject.id);
        return tokenVersion === subject.tokenVersion ? { kind: 'afiliado', id: subject.id } : undefined;
      }
      const user = await findSubject(app.db, subject.id, subject.sessionId);
      if (user?.status !== 'active' || user.tokenVersion !== subject.tokenVersion || !user.sessionUsedAt)
        return undefined;
      return { kind: 'user', id: subject.id, permissions: new Set(user.permissions) };
    }

    app.decorate('fileLinks', {
      sign(key, auth, fileName) {
        const subject = subjectOf(auth);
        const expires = String(Math.floor(Date.now() / 1000) + FILE_LINK_TTL_SECONDS);
        const sig = mac(key, subject, expires, fileName).toString('base64url');
        const query = new URLSearchParams({ s: subject, e: expires, n: fileName, sig });
        return `/api/files/${key}?${query}`;
      },
      async verify(key, query) {
        const { s, e, n, sig } = query;
        if (
          typeof s !== 'string' ||
          typeof e !== 'string' ||
          typeof n !== 'string' ||
          typeof sig !== 'string'
        )
          return undefined;
        if (!/^[0-9]{1,12}$/.test(e) || Number(e) * 1000 < Date.now()) return undefined;
        const subject = parseSubject(s);
        if (!subject) return undefined;
        const given = Buffer.from(sig, 'base64url');
        const expected = mac(key, s, e, n);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
        const reader = await readerOf(subject);
        return reader && { key, reader, fileName: n };
      },
    });
  },
  { name: 'file-links', dependencies: ['db'] },
);
