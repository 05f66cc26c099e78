/// <reference lib="webworker" />
/**
 * The service worker: the app's files for use without a connection, the
 * affiliate's last answers for offline reading, and an update that waits for
 * the user's word. Built by vite-plugin-pwa (injectManifest), which writes the
 * list of files to keep in place of `self.__WB_MANIFEST`.
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isAffiliateFileLink, isOfflineRead, PERSONAL_CACHE } from '../lib/offline-copy.ts';
import { keptFiles, keptReads } from './personal-copy.ts';
import { shellFor } from './shell.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** How long a request waits on a poor connection before the saved copy answers. */
const NETWORK_TIMEOUT_SECONDS = 4;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open pages at once, so the portal's first reads are already kept;
// a later version waits for the user's word (the 'Actualización disponible' prompt).
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The affiliate's profile, cartilla and notification list: the server's answer when it comes in
// time, the last saved one otherwise while the session it was saved for lasts.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isOfflineRead(url),
  new NetworkFirst({
    cacheName: PERSONAL_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [keptReads],
  }),
);

// A PDF the affiliate opened opens again offline, through any fresh link to it made for them.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && isAffiliateFileLink(url),
  new NetworkFirst({
    cacheName: PERSONAL_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [keptFiles],
  }),
);

/**
 * Pages come from the server while it answers (it writes the current settings
 * into them); offline, or past the timeout, from the kept copy of the app.
 */
async function openPage({ request, url }: { request: Request; url: URL }): Promise<Response> {
  const fromNetwork = fetch(request);
  const timeout = new Promise<undefined>((resolve) =>
    setTimeout(resolve, NETWORK_TIMEOUT_SECONDS * 1000, undefined),
  );
  try {
    const response = await Promise.race([fromNetwork, timeout]);
    if (response) return response;
  } catch {
    // Offline: the kept copy below.
  }
  const kept = (await matchPrecache(shellFor(url.pathname))) ?? (await matchPrecache('/index.html'));
  return kept ?? fromNetwork;
}

registerRoute(new NavigationRoute(openPage, { denylist: [/^\/api(?:\/|$)/] }));
