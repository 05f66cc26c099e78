import {
  type Validacion,
  type ValidacionBloqueada,
  type ValidarInput,
  validacionBloqueadaSchema,
  validacionSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** A visit's answer: validated (or checked), or blocked with every line's results. */
export type Veredicto =
  | { bloqueada: false; validacion: Validacion }
  | { bloqueada: true; validacion: ValidacionBloqueada };

/**
 * `POST /api/prestaciones/validar`: with `dryRun` the lines are only checked;
 * without it a visit with no blocked line is recorded. A 422 is an answer
 * too: the lines with their results, nothing written.
 */
export async function validar(body: ValidarInput, dryRun: boolean): Promise<Veredicto> {
  try {
    const validacion = await apiRequest('prestaciones/validar', {
      method: 'POST',
      body,
      query: dryRun ? { dryRun } : undefined,
      schema: validacionSchema,
    });
    return { bloqueada: false, validacion };
  } catch (error) {
    const parsed = isApiError(error, 422) ? validacionBloqueadaSchema.safeParse(error.body) : undefined;
    if (!parsed?.success) throw error;
    return { bloqueada: true, validacion: parsed.data };
  }
}

/**
 * The visit's lines checked as they are added, by the same engine that will
 * validate them: a dry run, nothing written, asked again whenever the lines,
 * the date or the channel change.
 */
export function useRevision(body: ValidarInput | null) {
  return useQuery({
    queryKey: queryKeys.prestaciones.revision(body),
    queryFn: () => validar(body!, true),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useValidar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ValidarInput) => validar(body, false),
    onSuccess: (v) => {
      if (!v.bloqueada) void queryClient.invalidateQueries({ queryKey: queryKeys.prestaciones.all });
    },
  });
}
