/**
 * Renders a page to HTML at build time (build/pages.ts runs it in Node after
 * the client build), with the same route map and providers the browser uses:
 * a sign-in page whole, which the browser hydrates, so the markup matches and
 * nothing is painted twice; a portal page as its frame around the screen's
 * loading state, as a signed-in affiliate sees it before the data arrive.
 */
import type { PublicConfig } from '@red-dental/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app.tsx';
import { routes, whenRouterReady } from '@/app/router.tsx';
import { Started } from '@/app/started.tsx';
import { setPrerenderConfig } from '@/lib/public-config-meta.ts';
import { assumeSessionForPrerender } from '@/lib/session.ts';
import type { Drawn } from '@/prerender/pages.ts';

export async function renderPage(
  path: string,
  drawn: Drawn,
  config: Pick<PublicConfig, 'affiliateLoginBirthdate'>,
): Promise<string> {
  setPrerenderConfig(config);
  // No token is written into the page: the frame only needs to know whose portal it is.
  assumeSessionForPrerender(drawn === 'frame' ? { kind: 'afiliado', token: '' } : null);
  // The very tree the browser renders (main.tsx), not React Router's static one: every `useId`
  // depends on its place in the tree. The route's modules load first.
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await whenRouterReady(router);
  const html = renderToString(
    <StrictMode>
      <Started>
        <App router={router} />
      </Started>
    </StrictMode>,
  );
  router.dispose();
  return html;
}
