import { QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { Outlet } from 'react-router';
import { createQueryClient } from '@/lib/query-client.ts';
import { useSessionEpoch } from '@/lib/session.ts';
import { QueryClientFactoryContext } from '../providers.tsx';

/**
 * The query cache for the screens below it. Each session gets a cache of its
 * own (signing in or out makes a new one; a renewed token keeps it), so
 * nothing cached for one user can reach the next.
 */
export function QueryBoundary() {
  return <SessionCache key={useSessionEpoch()} />;
}

function SessionCache() {
  const createClient = useContext(QueryClientFactoryContext) ?? createQueryClient;
  const [client] = useState(createClient);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}

export { QueryBoundary as Component };
