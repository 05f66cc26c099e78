import { SEARCH_PARAM } from '@/lib/list-params.ts';
import { PATHS } from '@/lib/paths.ts';

/** The affiliate list's insurer filter, beside the search and page every list keeps in the address. */
export const OBRA_SOCIAL_PARAM = 'obraSocialId';
/** Its state filter: `activos` or `baja` (AFILIADO_ESTADOS), as the API takes it. */
export const ESTADO_PARAM = 'estado';

export function afiliadosSearchPath(search: string): string {
  return `${PATHS.afiliados}?${new URLSearchParams({ [SEARCH_PARAM]: search })}`;
}
