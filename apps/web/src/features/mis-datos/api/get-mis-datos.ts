import type { AfiliadoDatos, ProfesionalDatos } from '@red-dental/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

// The server checks each answer against the contract before sending it; the portal's reads take it
// as it comes, so a phone never loads the schema library to show a list.

/** Whose data: the affiliate of the portal, or the account (staff or professional) of the back office. */
export type Titular = 'afiliado' | 'usuario';

/** `GET /api/afiliados/profile/datos` or `GET /api/profesionales/profile/datos`: all the caller's data. */
export const MIS_DATOS_PATHS: Record<Titular, string> = {
  afiliado: 'afiliados/profile/datos',
  usuario: 'profesionales/profile/datos',
};

/** The caller's data, read to show it for printing. */
export function useMisDatos(titular: Titular) {
  return useQuery({
    queryKey: ['mis-datos', titular],
    queryFn: async ({ signal }): Promise<AfiliadoDatos | ProfesionalDatos> =>
      titular === 'afiliado'
        ? apiRequest<AfiliadoDatos>(MIS_DATOS_PATHS.afiliado, {
            signal,
            // On the phone enrolled for the token, the lines too; the code is computed only here.
            headers: (await import('@/lib/token-codigo.ts')).phoneProof(),
          })
        : apiRequest<ProfesionalDatos>(MIS_DATOS_PATHS.usuario, { signal }),
    // Each read is counted and recorded: read once per visit.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
