import { useSyncExternalStore } from 'react';
import { savedAtOf } from './offline-copy.ts';
import { apiPathname, type PortalRead } from './portal-reads.ts';

/**
 * For each API path the portal reads, when the answer on screen was saved if
 * it came from the device's offline copy (null: fresh from the server). Fed by
 * those reads (`onResponse`); read by the screens to say 'Sin conexión — … del …'.
 */
const keptSince = new Map<string, string | null>();
const listeners = new Set<() => void>();

/** Records where an answer came from (the service worker stamps the kept ones). */
export function noteAnswer(url: string, response: Pick<Response, 'headers'>): void {
  const path = new URL(url, 'http://localhost').pathname;
  const savedAt = savedAtOf(response);
  if ((keptSince.get(path) ?? null) === savedAt) return;
  keptSince.set(path, savedAt);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the shown answer of a portal read was saved, if it is the offline copy (null: fresh). */
export function useKeptSince(read: PortalRead): string | null {
  const path = apiPathname(read);
  return useSyncExternalStore(
    subscribe,
    () => keptSince.get(path) ?? null,
    () => null,
  );
}

/**
 * How the portal's kept reads are asked for: they run without a connection
 * (the service worker answers from the copy) instead of waiting for one, and
 * are read again as soon as the connection comes back.
 */
export const OFFLINE_READ = { networkMode: 'offlineFirst', refetchOnReconnect: 'always' } as const;
