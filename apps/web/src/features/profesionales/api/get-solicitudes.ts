import { type Solicitud, solicitudSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/profesionales/solicitudes`: every pending sign-up, oldest first (the screen pages them). */
export function getSolicitudes(signal?: AbortSignal): Promise<Solicitud[]> {
  return apiRequest('profesionales/solicitudes', { signal, schema: z.array(solicitudSchema) });
}

export function useSolicitudes() {
  return useQuery({
    queryKey: queryKeys.profesionales.solicitudes,
    queryFn: ({ signal }) => getSolicitudes(signal),
  });
}
