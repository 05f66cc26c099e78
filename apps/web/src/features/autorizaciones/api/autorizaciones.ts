import {
  type Adjunto,
  type Autorizacion,
  type AutorizacionesQuery,
  type AutorizacionFila,
  type AutorizacionInput,
  autorizacionBloqueadaSchema,
  autorizacionFilaSchema,
  autorizacionSchema,
  messageResponseSchema,
  type Paginated,
  paginatedSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, isApiError } from '@/lib/api-client.ts';
import { apiBlob, apiUpload, toFormData } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const page = paginatedSchema(autorizacionFilaSchema);
const creada = autorizacionSchema.extend({ message: messageResponseSchema.shape.message });

/** What asking answered: the request (approved at once or under review), or each line's results when refused. */
export type Pedido =
  | { bloqueada: false; autorizacion: z.infer<typeof creada> }
  | { bloqueada: true; error: string; lineas: z.infer<typeof autorizacionBloqueadaSchema>['lineas'] };

/** `POST /api/autorizaciones`; a 422 is an answer too: what the rules said of each line, nothing written. */
export async function pedirAutorizacion(body: AutorizacionInput): Promise<Pedido> {
  try {
    const autorizacion = await apiRequest('autorizaciones', { method: 'POST', body, schema: creada });
    return { bloqueada: false, autorizacion };
  } catch (error) {
    const parsed = isApiError(error, 422) ? autorizacionBloqueadaSchema.safeParse(error.body) : undefined;
    if (!parsed?.success) throw error;
    return { bloqueada: true, error: parsed.data.error, lineas: parsed.data.lineas };
  }
}

/** `GET /api/autorizaciones`: the dentist's own requests, newest first. */
export function useMisAutorizaciones(query: AutorizacionesQuery) {
  return useQuery({
    queryKey: queryKeys.autorizaciones.propias(query),
    queryFn: ({ signal }): Promise<Paginated<AutorizacionFila>> =>
      apiRequest('autorizaciones', { signal, schema: page, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/autorizaciones/{id}`: one request with its thread and files. */
export function useAutorizacion(id: number | null) {
  return useQuery({
    queryKey: queryKeys.autorizaciones.una(id ?? 0),
    queryFn: ({ signal }): Promise<Autorizacion> =>
      apiRequest(`autorizaciones/${id}`, { signal, schema: autorizacionSchema }),
    enabled: id !== null,
  });
}

/** After any change, the request, the lists and the dashboard read again. */
function useRefrescar() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.autorizaciones.all }),
      queryClient.invalidateQueries({ queryKey: ['tablero'] }),
    ]);
}

/** `POST /api/autorizaciones/{id}/mensajes`: a message in the thread (the dentist's answer sends it back to review). */
export function useMensaje(id: number) {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: (texto: string) =>
      apiRequest<{ message: string }>(`autorizaciones/${id}/mensajes`, { method: 'POST', body: { texto } }),
    onSettled: refrescar,
  });
}

/** `POST /api/autorizaciones/{id}/anular`: the dentist withdraws a request she has not used. */
export function useAnularAutorizacion(id: number) {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>(`autorizaciones/${id}/anular`, { method: 'POST' }),
    onSettled: refrescar,
  });
}

/** `POST /api/autorizaciones/{id}/adjuntos`: one file, with what it is, reporting how much has gone. */
export function subirAdjunto(
  id: number,
  archivo: { tipo: Adjunto; file: File },
  onProgress?: (fraction: number) => void,
) {
  return apiUpload<{ message: string }>(
    `autorizaciones/${id}/adjuntos`,
    toFormData({ tipo: archivo.tipo, archivo: archivo.file }),
    { onProgress },
  );
}

export function useSubirAdjunto(id: number) {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: (archivo: { tipo: Adjunto; file: File }) => subirAdjunto(id, archivo),
    onSettled: refrescar,
  });
}

/**
 * A request's file as bytes to show (each opening is audited on the affiliate by the API; the
 * bytes are kept for the session, so flipping between two files does not fetch them again).
 */
export function useAdjunto(id: number, adjuntoId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.autorizaciones.adjunto(id, adjuntoId),
    queryFn: ({ signal }) => apiBlob(`autorizaciones/${id}/adjuntos/${adjuntoId}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
    enabled,
  });
}
