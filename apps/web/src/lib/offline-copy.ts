/**
 * What the service worker and the app agree on about the affiliate's offline
 * copy: which answers are kept, under which names, and how a kept answer is
 * told apart from a fresh one. Plain functions of a URL, so both sides (and
 * the tests) use the same rules.
 */

/** Set on an answer served from the offline copy: when that copy was saved (ISO 8601). */
export const SAVED_AT_HEADER = 'x-red-dental-guardado';

/**
 * Cache Storage of the affiliate's own data (API reads and opened PDFs).
 * Deleted whenever a session starts or ends.
 */
export const PERSONAL_CACHE = 'red-dental-afiliado';

/**
 * The API reads the portal keeps for offline reading: the affiliate's profile
 * (which also confirms the session), the cartilla and the notification list.
 * Each is an affiliate-only route, so a staff or dentist token never gets an
 * answer worth keeping from them (only 200s are kept).
 */
const OFFLINE_READS = new Set([
  '/api/afiliados/profile',
  '/api/profesionales/obrasocial',
  '/api/notificaciones/afiliados',
]);

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
 * Where an opened file is kept: by its path alone. Its link is signed afresh
 * each time the list is read, so the copy must answer every later link to the same file.
 */
export function fileCacheKey(url: URL): string {
  return `${url.origin}${url.pathname}`;
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
