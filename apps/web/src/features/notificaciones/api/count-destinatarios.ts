import { type DestinatariosCountInput, destinatariosCountSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `POST /api/notificaciones/destinatarios`: how many a send with these choices would reach now. */
export async function countDestinatarios(
  input: DestinatariosCountInput,
  signal?: AbortSignal,
): Promise<number> {
  const { count } = await apiRequest('notificaciones/destinatarios', {
    method: 'POST',
    body: input,
    signal,
    schema: destinatariosCountSchema,
  });
  return count;
}

/** The count for the confirmation dialog, asked while it is open (`input` undefined: not asked). */
export function useDestinatariosCount(input: DestinatariosCountInput | undefined) {
  return useQuery({
    queryKey: queryKeys.notificaciones.count(input ?? {}),
    queryFn: ({ signal }) => countDestinatarios(input!, signal),
    enabled: input !== undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
