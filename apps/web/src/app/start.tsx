import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startServiceWorker } from '@/lib/service-worker.ts';
import type { Drawn } from '@/prerender/pages.ts';
import { App } from './app.tsx';
import { createAppRouter, loadMatchedRoutes } from './router.tsx';

const container = document.getElementById('root')!;

async function start() {
  // A page may arrive drawn at build time (build/pages.ts). Its screen is loaded first, so the
  // first render has something to show: React adopts a sign-in page's markup as it is
  // (hydration), and draws over the portal's frame, which only the signed-in affiliate sees
  // (anyone else is sent to sign in, so that markup is replaced rather than adopted).
  const drawn = container.dataset.drawn as Drawn | undefined;
  if (drawn) await loadMatchedRoutes(window.location.pathname);
  const app = (
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>
  );
  // Either way the first render yields to the browser every few milliseconds instead of holding
  // the page in one long task, so a slow phone stays responsive while the app starts.
  startTransition(() => {
    if (drawn === 'page') hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

/** Starts the app in the page's root, hydrating it when it arrived already drawn. */
export function startApp(): void {
  void start();
  startServiceWorker();
}
