/**
 * How the worker keeps the affiliate's copy to the session it was kept for:
 * Workbox plugins for the kept reads and the kept files, and the record of
 * whose the copy is (`KeptFor`), which lives in the copy's own cache so that
 * deleting the copy deletes it too. The rules themselves are in
 * lib/offline-copy.ts.
 */
import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import type { WorkboxPlugin } from 'workbox-core/types';
import {
  deletePersonalCopy,
  fileCacheKey,
  judgeKeptFile,
  judgeKeptRead,
  KEPT_FOR_PATH,
  type KeptFor,
  keptForAnswer,
  PERSONAL_CACHE,
  SAVED_AT_HEADER,
} from '../lib/offline-copy.ts';
import { readAfiliadoToken } from '../lib/session-token.ts';

async function readKeptFor(): Promise<KeptFor | null> {
  const kept = await caches.match(KEPT_FOR_PATH, { cacheName: PERSONAL_CACHE });
  return kept ? ((await kept.json().catch(() => null)) as KeptFor | null) : null;
}

async function writeKeptFor(keptFor: KeptFor): Promise<void> {
  const cache = await caches.open(PERSONAL_CACHE);
  await cache.put(KEPT_FOR_PATH, new Response(JSON.stringify(keptFor)));
}

/** The claims of the token a request was sent with (the app's reads carry it; a file's link does not). */
function tokenOf(request: Request) {
  return readAfiliadoToken(/^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]);
}

/** A whole, successful answer, stamped with the moment it was saved. */
async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
}

/** What the server answers a token whose session is over, said for it while it cannot be asked. */
function sessionEnded(): Response {
  const body = { error: MESSAGES.SESSION_EXPIRED, code: ERROR_CODES.UNAUTHENTICATED };
  return new Response(JSON.stringify(body), {
    status: 401,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * The profile, cartilla and notification pages: kept with the session of the
 * token that read them (another affiliate's copy, or one whose session is
 * over, goes first); answered from the copy only to that affiliate's token
 * while the session lasts. Once it is over the copy goes and the page hears
 * what the server would say (401), so the app ends the session.
 */
export const keptReads: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    const token = tokenOf(request);
    if (response.status !== 200 || !token) return null;
    const now = Date.now();
    const keptFor = await readKeptFor();
    if (keptFor && judgeKeptRead(keptFor, token, now) !== 'answer') await deletePersonalCopy();
    await writeKeptFor(keptForAnswer(token, response.headers.get('date'), now));
    return stamped(response);
  },
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
    const verdict = judgeKeptRead(await readKeptFor(), tokenOf(request), Date.now());
    if (verdict === 'answer') return cachedResponse;
    if (verdict === 'none') return null;
    await deletePersonalCopy();
    return sessionEnded();
  },
};

/**
 * The PDFs opened from the notifications: kept per affiliate (`fileCacheKey`)
 * only for the affiliate the copy is kept for; answered only to a link naming
 * them, while their session lasts.
 */
export const keptFiles: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => fileCacheKey(new URL(request.url)),
  cacheWillUpdate: async ({ request, response }) => {
    if (response.status !== 200) return null;
    const verdict = judgeKeptFile(await readKeptFor(), new URL(request.url), Date.now());
    return verdict === 'answer' ? stamped(response) : null;
  },
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
    const verdict = judgeKeptFile(await readKeptFor(), new URL(request.url), Date.now());
    if (verdict === 'ended') await deletePersonalCopy();
    return verdict === 'answer' ? cachedResponse : null;
  },
};
