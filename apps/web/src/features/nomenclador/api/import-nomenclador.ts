import { type NomencladorImportResult, nomencladorImportResultSchema } from '@red-dental/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUpload, toFormData } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * `POST /api/nomenclador/import` (multipart `file`): 201 once the whole file
 * loaded, 200 with what it would do for `dryRun`, 400 when a line is refused.
 */
export function importNomenclador({
  file,
  dryRun = false,
  signal,
}: {
  file: File;
  dryRun?: boolean;
  signal?: AbortSignal;
}): Promise<NomencladorImportResult> {
  return apiUpload('nomenclador/import', toFormData({ file }), {
    query: dryRun ? { dryRun } : undefined,
    schema: nomencladorImportResultSchema,
    signal,
  });
}

/** The preview of a chosen file, read as soon as it is chosen; `fileKey` tells two choices of one name apart. */
export function useNomencladorImportPreview(file: File | null, fileKey: number) {
  return useQuery({
    queryKey: queryKeys.nomenclador.importPreview(fileKey),
    queryFn: ({ signal }) => importNomenclador({ file: file!, dryRun: true, signal }),
    enabled: file !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function useImportNomenclador() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importNomenclador,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.nomenclador.all }),
  });
}
