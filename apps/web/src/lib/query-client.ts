import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** The query cache's defaults for the app. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30 * 1000,
        // A 4xx will not change by asking again; network trouble and 5xx may.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
