import { Workbox } from 'workbox-window';
import { getPublicConfig } from './config.ts';
import { deletePersonalCopy } from './offline-copy.ts';
import { offerUpdate } from './service-worker.ts';

/** Looks for a new version this often while a page stays open (and whenever it is shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Whether the server lets browsers keep the service worker (SERVICE_WORKER, on unless set to false). */
function serviceWorkerAllowed(): boolean {
  return getPublicConfig().serviceWorker;
}

/** With SERVICE_WORKER=false: a worker installed earlier is removed with everything it kept. */
async function removeServiceWorker(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  await deletePersonalCopy();
  for (const name of await caches.keys()) await caches.delete(name);
}

async function register(): Promise<void> {
  const workbox = new Workbox('/sw.js');
  // A new version is installed and waiting: the user decides when it takes over, so a form being
  // filled in is never lost to a reload the user did not ask for.
  workbox.addEventListener('waiting', () => {
    offerUpdate(() => {
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

/** Installs (or, where the server turned it off, removes) the service worker. */
export function setUpServiceWorker(): Promise<void> {
  return serviceWorkerAllowed() ? register() : removeServiceWorker();
}
