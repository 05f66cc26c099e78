import type { PrestacionesAfiliado } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { noteAnswer, OFFLINE_READ, useKeptSince } from '@/lib/offline-status.ts';
import { PORTAL_READS } from '@/lib/portal-reads.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { phoneProof } from '@/lib/token-codigo.ts';

/**
 * `GET /api/afiliados/profile/prestaciones`: every line recorded on the affiliate, and when the copy
 * on screen was saved if it is the one kept on the device. Health data: the phone enrolled for the
 * token sends its current code with it, and the server answers only then (403 `TOKEN_REQUERIDO`
 * elsewhere). Taken as the server sends it (checked there against the contract): the portal loads
 * no schema for it.
 */
export function usePrestacionesAfiliado() {
  const query = useQuery({
    queryKey: queryKeys.afiliados.prestaciones,
    queryFn: ({ signal }) =>
      apiRequest<PrestacionesAfiliado>(PORTAL_READS.prestaciones, {
        signal,
        onResponse: noteAnswer,
        headers: phoneProof(),
      }),
    // Readable offline, like the rest of the portal; gone with the session.
    ...OFFLINE_READ,
  });
  return { ...query, keptSince: useKeptSince(PORTAL_READS.prestaciones) };
}
