import { useSyncExternalStore } from 'react';

type Listener = () => void;
const listeners = new Set<Listener>();
/** Installs the waiting version and reloads; null while there is none. */
let applyUpdate: (() => void) | null = null;

/** Offers a waiting version to the user (service-worker-registration.ts), or withdraws the offer. */
export function offerUpdate(apply: (() => void) | null): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker once the page has loaded, so it competes with
 * nothing the page needs first; its code loads only then. Only in a
 * production build: the development server's modules change on every save.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A browser that refuses the worker (storage turned off, a private window) runs the app as before.
  const start = () =>
    import('./service-worker-registration.ts')
      .then(({ setUpServiceWorker }) => setUpServiceWorker())
      .catch(() => undefined);
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
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
