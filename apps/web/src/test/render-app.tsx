import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers.tsx';
import { routes } from '@/app/router.tsx';
import { createTestQueryClient } from './render.tsx';

/** The whole app (real route map, lazy screens and all) at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders createQueryClient={createTestQueryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
