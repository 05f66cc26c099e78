import { RouterProvider } from 'react-router';
import { UpdatePrompt } from './layouts/update-prompt.tsx';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProviders>
  );
}
