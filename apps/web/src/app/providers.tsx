import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast/index.ts';

/**
 * Makes the query cache of each session (see layouts/query-boundary.tsx). Null
 * means the app's defaults; tests give one that never retries.
 */
export const QueryClientFactoryContext = createContext<(() => QueryClient) | null>(null);

/**
 * What every screen has. The query cache is not here: the sign-in screens do
 * without it, so its code loads only with the screens that fetch.
 */
export function AppProviders({
  createQueryClient = null,
  children,
}: {
  createQueryClient?: (() => QueryClient) | null;
  children: ReactNode;
}) {
  return (
    <QueryClientFactoryContext value={createQueryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientFactoryContext>
  );
}
