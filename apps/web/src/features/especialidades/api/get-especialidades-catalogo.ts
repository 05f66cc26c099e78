import { type EspecialidadCatalogo, especialidadCatalogoSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/especialidades/catalogo`: each specialty with how many professionals have it. */
export function getEspecialidadesCatalogo(signal?: AbortSignal): Promise<EspecialidadCatalogo[]> {
  return apiRequest('especialidades/catalogo', { signal, schema: z.array(especialidadCatalogoSchema) });
}

export function useEspecialidadesCatalogo() {
  return useQuery({
    queryKey: queryKeys.especialidadesCatalogo,
    queryFn: ({ signal }) => getEspecialidadesCatalogo(signal),
  });
}
