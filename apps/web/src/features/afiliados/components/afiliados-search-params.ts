import { PATHS } from '@/lib/paths.ts';

/**
 * The list's search and page live in the address
 * (`?search=…&obraSocialId=…&page=2`), so Back returns to them and other
 * screens can link to a result.
 */
export const SEARCH_PARAM = 'search';
export const OBRA_SOCIAL_PARAM = 'obraSocialId';
/** 1-based, as people count pages; absent means the first. */
export const PAGE_PARAM = 'page';

/** The 0-based page index of `?page=`; anything but a whole number from 1 on is the first page. */
export function readPageIndex(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
}

export function afiliadosSearchPath(search: string): string {
  return `${PATHS.afiliados}?${new URLSearchParams({ [SEARCH_PARAM]: search })}`;
}
