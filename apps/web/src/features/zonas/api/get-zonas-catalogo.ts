import { type ZonaCatalogo, zonaCatalogoSchema } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `GET /api/zonas/catalogo`: each zone with how many professionals it has. */
export function getZonasCatalogo(signal?: AbortSignal): Promise<ZonaCatalogo[]> {
  return apiRequest('zonas/catalogo', { signal, schema: z.array(zonaCatalogoSchema) });
}

export function useZonasCatalogo() {
  return useQuery({ queryKey: queryKeys.zonasCatalogo, queryFn: ({ signal }) => getZonasCatalogo(signal) });
}
