import { type RecordatorioDatos, recordatorioDatosSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `GET /api/profesionales/recordatorio/{token}`: the listing the reminder's link shows (no session). */
export function useRecordatorioDatos(token: string) {
  return useQuery({
    queryKey: ['recordatorio', token],
    queryFn: ({ signal }): Promise<RecordatorioDatos> =>
      apiRequest(`profesionales/recordatorio/${encodeURIComponent(token)}`, {
        signal,
        auth: false,
        schema: recordatorioDatosSchema,
      }),
    retry: false,
  });
}
