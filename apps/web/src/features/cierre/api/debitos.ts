import {
  type DebitoOs,
  type DebitosImportResult,
  type DecisionDebito,
  debitoOsSchema,
  debitosImportResultSchema,
  messageResponseSchema,
} from '@red-dental/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { apiUpload, toFormData } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useRefrescar } from './cierre.ts';

/** `POST /api/lotes/{id}/debitos/import`: 201 once the whole file loaded, 200 with what it would do for `dryRun`. */
function importDebitos(
  loteId: number,
  file: File,
  dryRun: boolean,
  signal?: AbortSignal,
): Promise<DebitosImportResult> {
  return apiUpload(`lotes/${loteId}/debitos/import`, toFormData({ file }), {
    query: dryRun ? { dryRun } : undefined,
    schema: debitosImportResultSchema,
    signal,
  });
}

/** The preview of a chosen file; `fileKey` tells two choices of one name apart. */
export function useDebitosPreview(loteId: number, file: File | null, fileKey: number) {
  return useQuery({
    queryKey: queryKeys.cierre.debitosPreview(loteId, fileKey),
    queryFn: ({ signal }) => importDebitos(loteId, file!, true, signal),
    enabled: file !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function useImportDebitos(loteId: number) {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: (file: File) => importDebitos(loteId, file, false),
    onSuccess: refrescar,
  });
}

/** `GET /api/lotes/{id}/debitos`. */
export function useDebitos(loteId: number) {
  return useQuery({
    queryKey: queryKeys.cierre.debitos(loteId),
    queryFn: ({ signal }): Promise<DebitoOs[]> =>
      apiRequest(`lotes/${loteId}/debitos`, { signal, schema: z.array(debitoOsSchema) }),
  });
}

/** `PUT /api/lotes/{id}/debitos/{debitoId}`: passed on or absorbed, by hand. */
export function useDecidirDebito(loteId: number) {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: DecisionDebito }) =>
      apiRequest(`lotes/${loteId}/debitos/${id}`, {
        method: 'PUT',
        body: { decision },
        schema: messageResponseSchema.extend({ debito: debitoOsSchema }),
      }),
    onSettled: refrescar,
  });
}

/** `POST /api/lineas/{id}/refacturar`. */
export function useRefacturar() {
  const refrescar = useRefrescar();
  return useMutation({
    mutationFn: (lineaId: number) =>
      apiRequest(`lineas/${lineaId}/refacturar`, { method: 'POST', schema: messageResponseSchema }),
    onSettled: refrescar,
  });
}
