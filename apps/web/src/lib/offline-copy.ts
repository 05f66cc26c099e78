/**
 * What the service worker and the app agree on about the affiliate's offline
 * copy: which answers are kept, under which names, how a kept answer is told
 * apart from a fresh one, and for whom and until when the copy may answer.
 * Plain functions, so both sides (and the tests) use the same rules.
 */
import { apiPathname, PORTAL_READS } from './portal-reads.ts';
import type { AfiliadoTokenClaims } from './session-token.ts';

/** Set on an answer served from the offline copy: when that copy was saved (ISO 8601). */
export const SAVED_AT_HEADER = 'x-red-dental-guardado';

/**
 * Cache Storage of the affiliate's own data (API reads and opened PDFs).
 * Deleted whenever a session starts or ends, and by the worker once the
 * session it was kept for is over.
 */
export const PERSONAL_CACHE = 'red-dental-afiliado';

/**
 * The API reads the portal keeps for offline reading: the affiliate's profile
 * (which also confirms the session), the cartilla, the notification list and
 * the affiliate's own lines.
 * Each is an affiliate-only route, so a staff or dentist token never gets an
 * answer worth keeping from them (only 200s are kept).
 */
const OFFLINE_READS = new Set(
  [PORTAL_READS.profile, PORTAL_READS.cartilla, PORTAL_READS.notificaciones, PORTAL_READS.prestaciones].map(
    apiPathname,
  ),
);

export function isOfflineRead(url: URL): boolean {
  return OFFLINE_READS.has(url.pathname);
}

/**
 * A stored file opened through a link signed for an affiliate (`s=a.<id>.<version>`).
 * Links signed for staff and dentists (`s=u.…`) are never kept.
 */
export function isAffiliateFileLink(url: URL): boolean {
  return url.pathname.startsWith('/api/files/') && /^a\.\d+\.\d+$/.test(url.searchParams.get('s') ?? '');
}

/**
 * Where an opened file is kept: by its path and the affiliate its link names.
 * Its link is signed afresh each time the list is read, so the copy answers
 * every later link to the same file for the same affiliate, and no link naming
 * anyone else.
 */
export function fileCacheKey(url: URL): string {
  return `${url.origin}${url.pathname}?${new URLSearchParams({ s: url.searchParams.get('s') ?? '' })}`;
}

/**
 * Whose the offline copy is and until when: the worker keeps it beside the
 * copy, in the same cache (so it goes with it), written from the token of the
 * reads it keeps.
 */
export interface KeptFor {
  /** The affiliate, as file links name them (`a.<id>.<token version>`). */
  subject: string;
  /** When their session's token expires, on the server's clock (ms since the epoch). */
  expiresAt: number;
  /** How far the device's clock ran ahead of the server's (its `Date`) when the copy was kept, in ms. */
  clockAheadMs: number;
}

/** The address `KeptFor` is kept under in the personal cache; no request asks for it. */
export const KEPT_FOR_PATH = '/offline-copy/kept-for';

/** Whose a read answered with `token` is, from that answer's `Date` and the device's clock at `now`. */
export function keptForAnswer(token: AfiliadoTokenClaims, serverDate: string | null, now: number): KeptFor {
  const server = serverDate ? Date.parse(serverDate) : Number.NaN;
  return {
    subject: token.subject,
    expiresAt: token.expiresAt,
    clockAheadMs: Number.isNaN(server) ? 0 : now - server,
  };
}

/**
 * What the copy may do for a request: answer it, say nothing (nothing kept,
 * or it is not this affiliate's), or go, because the session it was kept for
 * is over (a read is then told so, as the server would tell it).
 */
type KeptCopyVerdict = 'answer' | 'none' | 'ended';

/** Whether `expiresAt` has passed on the server's clock, as the device reckons it from the copy's offset. */
function hasPassed(expiresAt: number, keptFor: KeptFor, now: number): boolean {
  return now - keptFor.clockAheadMs >= expiresAt;
}

/**
 * A kept read for a request made with `token` (the request's own, as the app
 * sent it). Another affiliate's token is told nothing: the session that ended,
 * if one did, is not theirs.
 */
export function judgeKeptRead(
  keptFor: KeptFor | null,
  token: AfiliadoTokenClaims | null,
  now: number,
): KeptCopyVerdict {
  if (!keptFor || token?.subject !== keptFor.subject) return 'none';
  return hasPassed(Math.min(token.expiresAt, keptFor.expiresAt), keptFor, now) ? 'ended' : 'answer';
}

/**
 * A kept file for a signed link. Offline its signature cannot be checked (the
 * key is the server's), so the copy answers only a link naming the affiliate
 * it was kept for, while their session lasts: their own file, to them.
 */
export function judgeKeptFile(keptFor: KeptFor | null, url: URL, now: number): KeptCopyVerdict {
  if (!keptFor) return 'none';
  if (hasPassed(keptFor.expiresAt, keptFor, now)) return 'ended';
  return url.searchParams.get('s') === keptFor.subject ? 'answer' : 'none';
}

/** When an answer was saved for offline reading, or null for a fresh answer from the server. */
export function savedAtOf(response: Pick<Response, 'headers'>): string | null {
  return response.headers.get(SAVED_AT_HEADER);
}

/**
 * Deletes the affiliate's offline copy: when a session starts or ends, so
 * nothing of one person is left for the next one on the device. Quiet where
 * the browser keeps no such storage.
 */
export async function deletePersonalCopy(): Promise<void> {
  try {
    await globalThis.caches?.delete(PERSONAL_CACHE);
  } catch {
    // Storage blocked (private mode in some browsers): nothing was kept either.
  }
}
