import {
  type DecisionLineaInput,
  type LineaPresentada,
  type LineasPresentadasQuery,
  lineaPresentadaSchema,
  messageResponseSchema,
  type Paginated,
  paginatedSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useRefrescar } from './cierre.ts';

const page = paginatedSchema(lineaPresentadaSchema);
const decidida = messageResponseSchema.extend({ linea: lineaPresentadaSchema });

/** `GET /api/lineas`: the lines in the audit (the auditor's queue, or a dentist's own). */
export function useLineasPresentadas(query: Omit<LineasPresentadasQuery, 'search'>) {
  return useQuery({
    queryKey: queryKeys.cierre.lineas(query),
    queryFn: ({ signal }): Promise<Paginated<LineaPresentada>> =>
      apiRequest('lineas', { signal, schema: page, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

/** `PUT /api/lineas/{id}/decision`. */
export function useDecidirLinea() {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: ({ id, ...body }: DecisionLineaInput & { id: number }) =>
      apiRequest(`lineas/${id}/decision`, { method: 'PUT', body, schema: decidida }),
    onSettled: refrescar,
  });
}

/** `POST /api/lineas/{id}/respuesta` or `/reconsideracion`: the dentist's answer, or her request to look again. */
export function usePasoDelPrestador(paso: 'respuesta' | 'reconsideracion') {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: ({ id, texto }: { id: number; texto: string }) =>
      apiRequest(`lineas/${id}/${paso}`, {
        method: 'POST',
        body: paso === 'respuesta' ? { texto } : { nota: texto },
        schema: messageResponseSchema,
      }),
    onSettled: refrescar,
  });
}
