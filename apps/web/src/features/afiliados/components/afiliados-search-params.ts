import { PATHS } from '@/lib/paths.ts';

/**
 * The list's search lives in the address (`?search=…&obraSocialId=…`), so
 * Back returns to it and other screens can link to a result.
 */
export const SEARCH_PARAM = 'search';
export const OBRA_SOCIAL_PARAM = 'obraSocialId';

export function afiliadosSearchPath(search: string): string {
  return `${PATHS.afiliados}?${new URLSearchParams({ [SEARCH_PARAM]: search })}`;
}
