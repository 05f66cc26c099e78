import { type ReglasImportResult, reglasImportResultSchema } from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiUpload, toFormData } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `POST /api/planes/{id}/reglas/import` (multipart `file`): 201 once the whole
 * file loaded, 200 with what it would do for `dryRun`, 400 when a line is refused.
 * `simular`: 200 with the preview and what the file would change in the last
 * three months' lines, per insurer and débito; nothing is kept.
 */
export function importReglas({
  planId,
  file,
  dryRun = false,
  simular = false,
  signal,
}: {
  planId: number;
  file: File;
  dryRun?: boolean;
  /** Written in a transaction that is rolled back, with what it would change in the last three months. */
  simular?: boolean;
  signal?: AbortSignal;
}): Promise<ReglasImportResult> {
  return apiUpload(`planes/${planId}/reglas/import`, toFormData({ file }), {
    query: simular ? { simular } : dryRun ? { dryRun } : undefined,
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

/** The simulation of a ready file: what it would change in the last three months' lines. */
export function useSimularReglas() {
  return useMutation({
    mutationFn: (v: { planId: number; file: File }) => importReglas({ ...v, simular: true }),
  });
}
