import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startServiceWorker } from '@/lib/service-worker.ts';
import { App } from './app.tsx';
import { createAppRouter, loadMatchedRoutes } from './router.tsx';

const container = document.getElementById('root')!;

async function start() {
  // A sign-in page arrives written at build time (build/pages.ts): its screen is loaded before
  // hydrating, so React adopts the markup already painted instead of drawing it again.
  const isPrerendered = container.hasChildNodes();
  if (isPrerendered) await loadMatchedRoutes(window.location.pathname);
  const app = (
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>
  );
  // Either way the first render yields to the browser every few milliseconds instead of holding
  // the page in one long task, so a slow phone stays responsive while the app starts.
  startTransition(() => {
    if (isPrerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

/** Starts the app in the page's root, hydrating it when it arrived already drawn. */
export function startApp(): void {
  void start();
  startServiceWorker();
}
