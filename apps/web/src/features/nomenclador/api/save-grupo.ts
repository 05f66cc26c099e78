import { type GrupoCodigos, grupoCodigosSchema } from '@red-dental/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `POST /api/nomenclador/grupos`, or `PUT …/grupos/{id}` to change one; names are unique. */
export function saveGrupo({
  id,
  ...body
}: {
  id?: number;
  nombre: string;
  codigos: string[];
}): Promise<GrupoCodigos> {
  return apiRequest(id === undefined ? 'nomenclador/grupos' : `nomenclador/grupos/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: grupoCodigosSchema,
  });
}

export function useSaveGrupo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGrupo,
    // A code's row names its groups: the pages are read again too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.nomenclador.all }),
  });
}
