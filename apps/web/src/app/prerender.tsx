/**
 * Renders a public page to HTML at build time (build/pages.ts runs it in Node
 * after the client build), with the same route map and providers the browser
 * hydrates, so the markup matches and nothing is painted twice.
 */
import type { PublicConfig } from '@red-dental/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app.tsx';
import { routes } from '@/app/router.tsx';
import { setPrerenderConfig } from '@/lib/public-config-meta.ts';

export async function renderPage(
  path: string,
  config: Pick<PublicConfig, 'affiliateLoginBirthdate'>,
): Promise<string> {
  setPrerenderConfig(config);
  // The very tree the browser renders (main.tsx), not React Router's static one: every `useId`
  // depends on its place in the tree. The route's modules load first.
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  const html = renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  router.dispose();
  return html;
}
