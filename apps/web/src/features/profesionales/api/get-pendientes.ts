import { type Pendientes, pendientesSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const NONE: Pendientes = { solicitudes: null, reportes: null, confirmaciones: null };

/** `GET /api/tablero/pendientes`. A failure is logged only and shows no badge. */
async function getPendientes(signal?: AbortSignal): Promise<Pendientes> {
  try {
    return await apiRequest('tablero/pendientes', { signal, schema: pendientesSchema });
  } catch (error) {
    if (!signal?.aborted) console.warn('Pending work check failed', error);
    return NONE;
  }
}

/**
 * The work waiting for staff (pending sign-up requests, open reports, observed
 * answers of affiliates), for the badges of the menu and the lists. Read again every minute, and
 * at once after a request is answered or a report closed.
 */
export function usePendientes(enabled: boolean): Pendientes {
  const { data } = useQuery({
    queryKey: queryKeys.profesionales.pendientes,
    queryFn: ({ signal }) => getPendientes(signal),
    staleTime: 60 * 1000,
    refetchInterval: 60 * 1000,
    enabled,
  });
  return (enabled && data) || NONE;
}
