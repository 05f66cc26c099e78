import { type ArancelesImportResult, arancelesImportResultSchema } from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUpload, toFormData } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `POST /api/convenios/{id}/aranceles/import` (multipart `file`): 201 once the
 * whole file loaded, 200 with what it would do for `dryRun`, 400 when a line is refused.
 * `simular`: 200 with the preview and what the file would change in the last
 * three months' lines, per insurer and débito; nothing is kept.
 */
export function importAranceles({
  convenioId,
  file,
  dryRun = false,
  simular = false,
  signal,
}: {
  convenioId: number;
  file: File;
  dryRun?: boolean;
  /** Written in a transaction that is rolled back, with what it would change in the last three months. */
  simular?: boolean;
  signal?: AbortSignal;
}): Promise<ArancelesImportResult> {
  return apiUpload(`convenios/${convenioId}/aranceles/import`, toFormData({ file }), {
    query: simular ? { simular } : dryRun ? { dryRun } : undefined,
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

/** The simulation of a ready file: what it would change in the last three months' lines. */
export function useSimularAranceles() {
  return useMutation({
    mutationFn: (v: { convenioId: number; file: File }) => importAranceles({ ...v, simular: true }),
  });
}
