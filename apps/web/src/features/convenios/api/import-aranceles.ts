import { type ArancelesImportResult, arancelesImportResultSchema } from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUpload, toFormData } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `POST /api/convenios/{id}/aranceles/import` (multipart `file`): 201 once the
 * whole file loaded, 200 with what it would do for `dryRun`, 400 when a line is refused.
 */
export function importAranceles({
  convenioId,
  file,
  dryRun = false,
  signal,
}: {
  convenioId: number;
  file: File;
  dryRun?: boolean;
  signal?: AbortSignal;
}): Promise<ArancelesImportResult> {
  return apiUpload(`convenios/${convenioId}/aranceles/import`, toFormData({ file }), {
    query: dryRun ? { dryRun } : undefined,
    schema: arancelesImportResultSchema,
    signal,
  });
}

/** The preview of a chosen file; `fileKey` tells two choices of one name apart. */
export function useArancelesImportPreview(convenioId: number, file: File | null, fileKey: number) {
  return useQuery({
    queryKey: queryKeys.convenios.importPreview(convenioId, fileKey),
    queryFn: ({ signal }) => importAranceles({ convenioId, file: file!, dryRun: true, signal }),
    enabled: file !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function useImportAranceles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAranceles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.convenios.all }),
  });
}
