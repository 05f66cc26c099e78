import type { AccesoRow, Paginated } from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { PORTAL_READS } from '@/lib/portal-reads.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `GET /api/afiliados/profile/accesos`: who looked up the affiliate's data in the last 12 months.
 * Taken as the server sends it, checked there against the contract: the portal loads no schema for it.
 */
export function useAccesos(page: { pageIndex: number; pageSize: number }) {
  return useQuery({
    queryKey: queryKeys.accesos(page),
    queryFn: ({ signal }) => apiRequest<Paginated<AccesoRow>>(PORTAL_READS.accesos, { signal, query: page }),
    placeholderData: keepPreviousData,
  });
}
