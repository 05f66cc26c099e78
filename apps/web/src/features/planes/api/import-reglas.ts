import { type ReglasImportResult, reglasImportResultSchema } from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiUpload, toFormData } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `POST /api/planes/{id}/reglas/import` (multipart `file`): 201 once the whole
 * file loaded, 200 with what it would do for `dryRun`, 400 when a line is refused.
 */
export function importReglas({
  planId,
  file,
  dryRun = false,
  signal,
}: {
  planId: number;
  file: File;
  dryRun?: boolean;
  signal?: AbortSignal;
}): Promise<ReglasImportResult> {
  return apiUpload(`planes/${planId}/reglas/import`, toFormData({ file }), {
    query: dryRun ? { dryRun } : undefined,
    schema: reglasImportResultSchema,
    signal,
  });
}

/** The preview of a chosen file; `fileKey` tells two choices of one name apart. */
export function useReglasImportPreview(planId: number, file: File | null, fileKey: number) {
  return useQuery({
    queryKey: queryKeys.planes.importPreview(planId, fileKey),
    queryFn: ({ signal }) => importReglas({ planId, file: file!, dryRun: true, signal }),
    enabled: file !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function useImportReglas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importReglas,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.planes.all }),
  });
}

/** `GET /api/planes/{id}/reglas/export`: every version of the plan's rules, as the CSV the import reads. */
export function exportReglas(planId: number, fileName: string) {
  return apiDownload(`planes/${planId}/reglas/export`, { fileName });
}
