/**
 * A list's search and page live in the address (`?search=…&page=2`), so Back
 * returns to them and other screens can link to a result.
 */
export const SEARCH_PARAM = 'search';
/** 1-based, as people count pages; absent means the first. */
export const PAGE_PARAM = 'page';

/** The 0-based page index of `?page=`; anything but a whole number from 1 on is the first page. */
export function readPageIndex(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
}

/** `params` showing the 0-based `pageIndex` (the first page leaves `page` out). */
export function withPageIndex(params: URLSearchParams, pageIndex: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (pageIndex > 0) next.set(PAGE_PARAM, String(pageIndex + 1));
  else next.delete(PAGE_PARAM);
  return next;
}
