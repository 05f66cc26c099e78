import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** The signed-in affiliate's own record (spec section 3). */
export interface AfiliadoProfile {
  id: number;
  nombre: string;
  tipoDocumento: string;
  documento: string;
  fecha_nacimiento: string | null;
  email: string | null;
  telefono: string | null;
  obraSocial: { id: number; nombre: string } | null;
}

/** `GET /api/afiliados/profile`; also tells whether the affiliate's token still works. */
export function getAfiliadoProfile(signal?: AbortSignal): Promise<AfiliadoProfile> {
  return apiRequest('afiliados/profile', { signal });
}

export const afiliadoProfileQueryOptions = queryOptions({
  queryKey: ['afiliados', 'profile'],
  queryFn: ({ signal }) => getAfiliadoProfile(signal),
  staleTime: 5 * 60 * 1000,
  retry: false,
});
