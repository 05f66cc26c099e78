import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startServiceWorker } from '@/lib/service-worker.ts';
import { getSession } from '@/lib/session.ts';
import type { Drawn } from '@/prerender/pages.ts';
import { App } from './app.tsx';
import { createAppRouter, whenRouterReady } from './router.tsx';
import { Started } from './started.tsx';

const container = document.getElementById('root')!;

async function start() {
  // A page may arrive drawn at build time (build/pages.ts). Its screen is loaded first, so the
  // first render has something to show, and React adopts the markup as it is (hydration)
  // instead of making it again.
  const drawn = container.dataset.drawn as Drawn | undefined;
  const router = createAppRouter();
  if (drawn) await whenRouterReady(router);
  const app = (
    <StrictMode>
      <Started>
        <App router={router} />
      </Started>
    </StrictMode>
  );
  // Either way the first render yields to the browser every few milliseconds instead of holding
  // the page in one long task, so a slow phone stays responsive while the app starts.
  startTransition(() => {
    if (drawn === 'page' || (drawn === 'frame' && isFrameAsDrawn())) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

/**
 * Whether the portal's frame was drawn for what this visit shows: a signed-in
 * affiliate at the page's plain address. Anyone else is sent elsewhere, and
 * an address with a query (another page of a list) shows something else, so
 * that markup is drawn over rather than adopted.
 */
function isFrameAsDrawn(): boolean {
  return getSession()?.kind === 'afiliado' && window.location.search === '';
}

/** Starts the app in the page's root, hydrating it when it arrived already drawn. */
export function startApp(): void {
  void start();
  startServiceWorker();
}
