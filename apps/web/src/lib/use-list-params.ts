import { DEFAULT_PAGE_SIZE } from '@red-dental/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_PARAM, readPageIndex, SEARCH_PARAM, withPageIndex } from './list-params.ts';

/**
 * A server-paged list's search and page, kept in the address (`?search=…&page=2`):
 * a new search starts from the first page, each page is a history entry (Back
 * returns to the one before), and a new page size starts again from the first.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM)?.trim() ?? '';
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const pagination = { pageIndex: readPageIndex(params), pageSize };

  const setSearch = (text: string) => {
    const next = new URLSearchParams(params);
    if (text.trim()) next.set(SEARCH_PARAM, text.trim());
    else next.delete(SEARCH_PARAM);
    next.delete(PAGE_PARAM);
    setParams(next, { replace: true });
  };

  const changePagination = (next: { pageIndex: number; pageSize: number }) => {
    if (next.pageSize !== pageSize) {
      setPageSize(next.pageSize);
      setParams(withPageIndex(params, 0), { replace: true });
      return;
    }
    setParams(withPageIndex(params, next.pageIndex));
  };

  return { search, setSearch, pagination, changePagination };
}
