import { MESSAGES } from '@red-dental/contracts';
import { useSyncExternalStore } from 'react';
import { apiRequest, isApiError } from '@/lib/api-client.ts';
import { PERSONAL_CACHE } from '@/lib/offline-copy.ts';
import { getToken, subscribeToSession } from '@/lib/session.ts';
import { readAfiliadoToken } from '@/lib/session-token.ts';

/**
 * Reports written without a connection, kept on the device until they are
 * sent. They live in the affiliate's offline copy (Cache Storage,
 * PERSONAL_CACHE), so they survive a closed tab and go with that copy: when a
 * session starts or ends (sign-out, another affiliate) and when the service
 * worker finds the session over. Each names the affiliate whose token wrote
 * it; only that affiliate sees it or sends it. The server takes the same
 * report twice as one (the open report with the same words), so a send cut
 * off before its answer can be made again.
 */

/** How long a send waits for the server before the report is kept for later. */
export const REPORT_TIMEOUT_MS = 10_000;
/** While anything waits, a send is tried this often (and on 'online', and when the portal starts). */
const RETRY_MS = 30_000;
/** Where queued reports sit in the personal cache; no request asks for these addresses. */
const QUEUE_PREFIX = '/offline-copy/reportes/';

export interface QueuedReport {
  /** Made on the device; names the entry in the queue. */
  clientId: string;
  /** The affiliate whose session wrote it (`a.<id>.<token version>`). */
  subject: string;
  profesional: { id: number; nombre: string };
  motivo: string;
  /** When it was written, on the device's clock (ISO 8601). */
  createdAt: string;
  /** The server refused it for good (the provider left the directory…): its words, until it is dropped. */
  refused?: string;
}

/** The affiliate of the session in this tab, or null. */
function currentSubject(): string | null {
  return readAfiliadoToken(getToken())?.subject ?? null;
}

function newClientId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

async function openQueue(): Promise<Cache | null> {
  try {
    return (await globalThis.caches?.open(PERSONAL_CACHE)) ?? null;
  } catch {
    return null;
  }
}

async function readAll(): Promise<QueuedReport[]> {
  // Read without making the cache: after a sign-out nothing of it is left, not even an empty one.
  const exists = await globalThis.caches?.has(PERSONAL_CACHE).catch(() => false);
  const cache = exists ? await openQueue() : null;
  if (!cache) return [];
  const requests = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith(QUEUE_PREFIX));
  const entries = await Promise.all(
    requests.map(
      async (r) => (await cache.match(r))?.json().catch(() => null) as Promise<QueuedReport | null>,
    ),
  );
  return entries
    .filter((e): e is QueuedReport => e !== null && typeof e?.clientId === 'string')
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
}

async function write(cache: Cache, entry: QueuedReport): Promise<void> {
  await cache.put(
    `${QUEUE_PREFIX}${entry.clientId}`,
    new Response(JSON.stringify(entry), { headers: { 'content-type': 'application/json' } }),
  );
}

// ---------------------------------------------------------------------------
// What the screens read: this affiliate's waiting reports, kept in memory and
// read again from storage after every change here.
// ---------------------------------------------------------------------------

let snapshot: QueuedReport[] = [];
const listeners = new Set<() => void>();

async function refresh(): Promise<void> {
  const subject = currentSubject();
  const mine = subject ? (await readAll()).filter((e) => e.subject === subject) : [];
  const same =
    mine.length === snapshot.length &&
    mine.every((e, i) => e.clientId === snapshot[i]?.clientId && e.refused === snapshot[i]?.refused);
  if (same) return;
  snapshot = mine;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void refresh();
  return () => listeners.delete(listener);
}

/** The signed-in affiliate's reports that wait on this device, oldest first. */
export function useQueuedReports(): QueuedReport[] {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

/**
 * Keeps a report to send once the connection returns. Throws when the
 * device keeps nothing (storage blocked) or no affiliate is signed in.
 */
export async function queueReport(profesional: { id: number; nombre: string }, motivo: string) {
  const subject = currentSubject();
  const cache = await openQueue();
  if (!subject || !cache) throw new Error(MESSAGES.reportes.REPORTE_NOT_QUEUED);
  const entry: QueuedReport = {
    clientId: newClientId(),
    subject,
    profesional: { id: profesional.id, nombre: profesional.nombre },
    motivo,
    createdAt: new Date().toISOString(),
  };
  try {
    await write(cache, entry);
  } catch {
    throw new Error(MESSAGES.reportes.REPORTE_NOT_QUEUED);
  }
  await refresh();
  return entry;
}

/** Drops a waiting report the server refused ('Quitar'). */
export async function dropQueuedReport(clientId: string): Promise<void> {
  await (await openQueue())?.delete(`${QUEUE_PREFIX}${clientId}`);
  await refresh();
}

/** `POST /api/profesionales/{id}/reportes`, waiting at most REPORT_TIMEOUT_MS for the answer. */
export function postReport(profesionalId: number, motivo: string): Promise<{ id: number }> {
  return apiRequest(`profesionales/${profesionalId}/reportes`, {
    method: 'POST',
    body: { motivo },
    signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
  });
}

/** Whether a send failed on the way (no connection, no answer in time), not by the server's word. */
export function isNetworkFailure(error: unknown): boolean {
  if (isApiError(error)) return error.status === 0;
  return error instanceof DOMException || error instanceof TypeError;
}

// ---------------------------------------------------------------------------
// Sending: one pass at a time in this tab, and across the affiliate's tabs
// (a Web Lock where the browser has them; the server's rule covers the rest).
// ---------------------------------------------------------------------------

let pass: Promise<boolean> | null = null;

/**
 * A failure that says nothing of the report: still offline, a session that
 * ended (the app takes it from there), the day's reports used up or the
 * server unwell. The rest waits for the next pass; anything else is the
 * server refusing this report.
 */
function isPassing(error: unknown): boolean {
  if (isNetworkFailure(error)) return true;
  return isApiError(error) && (error.status === 401 || error.status === 429 || error.status >= 500);
}

async function sendEach(): Promise<boolean> {
  const subject = currentSubject();
  if (!subject) return false;
  let sent = false;
  for (const entry of await readAll()) {
    if (entry.subject !== subject || entry.refused) continue;
    try {
      await postReport(entry.profesional.id, entry.motivo);
    } catch (error) {
      if (isPassing(error)) break;
      const cache = await openQueue();
      if (cache) await write(cache, { ...entry, refused: (error as Error).message || MESSAGES.UNEXPECTED });
      continue;
    }
    await (await openQueue())?.delete(`${QUEUE_PREFIX}${entry.clientId}`);
    sent = true;
  }
  return sent;
}

/** Sends what waits for the signed-in affiliate; whether anything was sent. */
export function sendQueuedReports(): Promise<boolean> {
  pass ??= (async () => {
    try {
      const locks = globalThis.navigator?.locks;
      return locks ? await locks.request('red-dental:reportes', sendEach) : await sendEach();
    } catch {
      return false;
    } finally {
      pass = null;
      await refresh();
    }
  })();
  return pass;
}

/**
 * Sends the queue now, whenever the connection comes back and every 30 s
 * while something waits; `onSent` hears when a report reached the server
 * (the affiliate's list of reports is read again). Returns the stop.
 */
export function startReportQueue(onSent: () => void): () => void {
  const run = () => {
    if (globalThis.navigator?.onLine === false) return;
    void sendQueuedReports().then((sent) => sent && onSent());
  };
  run();
  window.addEventListener('online', run);
  // Another affiliate signing in (here or in another tab) sees none of these.
  const unsubscribe = subscribeToSession(() => void refresh());
  const timer = setInterval(() => {
    if (snapshot.some((e) => !e.refused)) run();
  }, RETRY_MS);
  return () => {
    window.removeEventListener('online', run);
    clearInterval(timer);
    unsubscribe();
  };
}
