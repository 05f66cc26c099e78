import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { UpdatePrompt } from './layouts/update-prompt.tsx';
import { AppProviders } from './providers.tsx';

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProviders>
  );
}
