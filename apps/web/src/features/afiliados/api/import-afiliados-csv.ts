import { type ImportResult, importResultSchema } from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUpload, toFormData } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface ImportCsvRequest {
  obraSocialId: number;
  file: File;
  /** Validates the whole file and answers what would happen, writing nothing. */
  dryRun?: boolean;
  /** Gives de baja the insurer's active affiliates missing from the file (AFILIADOS.DELETE). */
  bajaAusentes?: boolean;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * `POST /api/afiliados/import-csv` (multipart `{obraSocialId, file}`): 201 with
 * the summary, or 200 with the same summary for `?dryRun=true`.
 */
export function importAfiliadosCsv({
  obraSocialId,
  file,
  dryRun = false,
  bajaAusentes = false,
  onProgress,
  signal,
}: ImportCsvRequest): Promise<ImportResult> {
  // The insurer goes first, so the server knows it before the file streams in.
  const body = toFormData({ obraSocialId: String(obraSocialId), file });
  return apiUpload('afiliados/import-csv', body, {
    query:
      dryRun || bajaAusentes
        ? { ...(dryRun && { dryRun }), ...(bajaAusentes && { bajaAusentes }) }
        : undefined,
    schema: importResultSchema,
    onProgress,
    signal,
  });
}

/**
 * The dry run of a chosen file, run as soon as both the insurer and the file
 * are known, and again when 'bajaAusentes' changes. `fileKey` tells two
 * choices of the same file name apart.
 */
export function useImportPreview(
  obraSocialId: number | undefined,
  file: File | null,
  fileKey: number,
  bajaAusentes: boolean,
) {
  return useQuery({
    queryKey: queryKeys.afiliados.importPreview(obraSocialId, fileKey, bajaAusentes),
    queryFn: ({ signal }) =>
      importAfiliadosCsv({ obraSocialId: obraSocialId!, file: file!, dryRun: true, bajaAusentes, signal }),
    enabled: obraSocialId !== undefined && file !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function useImportAfiliadosCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAfiliadosCsv,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.afiliados.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.obrasSociales.all }),
      ]),
  });
}
