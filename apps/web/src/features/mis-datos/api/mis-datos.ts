import {
  type AfiliadoDatos,
  accesoRowSchema,
  afiliadoDatosSchema,
  type ProfesionalDatos,
  paginatedSchema,
  profesionalDatosSchema,
} from '@red-dental/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Whose data: the affiliate of the portal, or the account (staff or professional) of the back office. */
export type Titular = 'afiliado' | 'usuario';

const PATHS: Record<Titular, string> = {
  afiliado: 'afiliados/profile/datos',
  usuario: 'profesionales/profile/datos',
};

const accesosSchema = paginatedSchema(accesoRowSchema);

/** `GET /api/afiliados/profile/accesos`: who looked up the affiliate's data in the last 12 months. */
export function useAccesos(page: { pageIndex: number; pageSize: number }) {
  return useQuery({
    queryKey: queryKeys.accesos(page),
    queryFn: ({ signal }) =>
      apiRequest('afiliados/profile/accesos', { signal, schema: accesosSchema, query: page }),
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
        ? apiRequest(PATHS.afiliado, { signal, schema: afiliadoDatosSchema })
        : apiRequest(PATHS.usuario, { signal, schema: profesionalDatosSchema }),
    // Each read is counted and recorded: read once per visit.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
