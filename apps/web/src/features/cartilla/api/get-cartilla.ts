import type { CartillaProfesional } from '@red-dental/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { noteAnswer, OFFLINE_READ, useKeptSince } from '@/lib/offline-status.ts';
import { PORTAL_READS } from '@/lib/portal-reads.ts';
import { queryKeys } from '@/lib/query-keys.ts';

// The server checks each answer against the contract before sending it; the portal's reads take it
// as it comes, so a phone never loads the schema library to show a list.

/**
 * `GET /api/profesionales/obrasocial`: the approved providers of the
 * affiliate's insurer. A failure is logged and shows an empty list, which the
 * query asks again on the next visit.
 */
export async function getCartilla(signal?: AbortSignal): Promise<CartillaProfesional[]> {
  try {
    return await apiRequest(PORTAL_READS.cartilla, {
      signal,
      onResponse: noteAnswer,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('No se pudo cargar la cartilla', error);
    return [];
  }
}

export const cartillaQueryOptions = queryOptions({
  queryKey: queryKeys.cartilla,
  queryFn: ({ signal }) => getCartilla(signal),
  staleTime: 5 * 60 * 1000,
  // Kept on the device: readable offline, with 'Atiende ahora' computed here on Buenos Aires' clock.
  ...OFFLINE_READ,
});

/** The directory, and when the copy on screen was saved if it is the one kept on the device. */
export function useCartilla() {
  return { ...useQuery(cartillaQueryOptions), keptSince: useKeptSince(PORTAL_READS.cartilla) };
}
