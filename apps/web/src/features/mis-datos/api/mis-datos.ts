import type { AccesoRow, AfiliadoDatos, Paginated, ProfesionalDatos } from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { apiDownload } from '@/lib/api-files.ts';
import { queryKeys } from '@/lib/query-keys.ts';

// The server checks each answer against the contract before sending it; the portal's reads take it
// as it comes, so a phone never loads the schema library to show a list.

/** Whose data: the affiliate of the portal, or the account (staff or professional) of the back office. */
export type Titular = 'afiliado' | 'usuario';

const PATHS: Record<Titular, string> = {
  afiliado: 'afiliados/profile/datos',
  usuario: 'profesionales/profile/datos',
};

/** `GET /api/afiliados/profile/accesos`: who looked up the affiliate's data in the last 12 months. */
export function useAccesos(page: { pageIndex: number; pageSize: number }) {
  return useQuery({
    queryKey: queryKeys.accesos(page),
    queryFn: ({ signal }) =>
      apiRequest<Paginated<AccesoRow>>('afiliados/profile/accesos', { signal, query: page }),
    placeholderData: keepPreviousData,
  });
}

/** The whole download, saved by the browser as `mis-datos.json`; the server records it. */
export function downloadMisDatos(titular: Titular) {
  return apiDownload(PATHS[titular], { fileName: 'mis-datos.json' });
}

/** The same data, read to show it for printing. */
export function useMisDatos(titular: Titular) {
  return useQuery({
    queryKey: ['mis-datos', titular],
    queryFn: ({ signal }): Promise<AfiliadoDatos | ProfesionalDatos> =>
      titular === 'afiliado'
        ? apiRequest<AfiliadoDatos>(PATHS.afiliado, { signal })
        : apiRequest<ProfesionalDatos>(PATHS.usuario, { signal }),
    // Each read is counted and recorded: read once per visit.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
