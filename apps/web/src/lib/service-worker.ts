import { useSyncExternalStore } from 'react';
import { deletePersonalCopy } from './offline-copy.ts';
import { readPublicConfigMeta } from './public-config-meta.ts';

/** Looks for a new version this often while a page stays open (and whenever it is shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

type Listener = () => void;
const listeners = new Set<Listener>();
/** Installs the waiting version and reloads; null while there is none. */
let applyUpdate: (() => void) | null = null;

function setApplyUpdate(apply: (() => void) | null): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

/** Whether the server lets browsers keep the service worker (SERVICE_WORKER, on unless set to false). */
function serviceWorkerAllowed(): boolean {
  const meta = readPublicConfigMeta();
  return !(
    typeof meta === 'object' &&
    meta !== null &&
    (meta as Record<string, unknown>).serviceWorker === false
  );
}

/** With SERVICE_WORKER=false: a worker installed earlier is removed with everything it kept. */
async function removeServiceWorker(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  await deletePersonalCopy();
  for (const name of await caches.keys()) await caches.delete(name);
}

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js');
  // A new version is installed and waiting: the user decides when it takes over, so a form being
  // filled in is never lost to a reload the user did not ask for.
  workbox.addEventListener('waiting', () => {
    setApplyUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  const registration = await workbox.register();
  if (!registration) return;
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/**
 * Registers the service worker once the page has loaded, so it competes with
 * nothing the page needs first. Only in a production build: the development
 * server's modules change on every save.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    const work = serviceWorkerAllowed() ? register() : removeServiceWorker();
    work.catch((error: unknown) => console.warn('Service worker no disponible', error));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getApplyUpdate = () => applyUpdate;

/** The action that installs a new version of the app, when one is waiting. */
export function useWaitingUpdate(): (() => void) | null {
  return useSyncExternalStore(subscribe, getApplyUpdate, () => null);
}
