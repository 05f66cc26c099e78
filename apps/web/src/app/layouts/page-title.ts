import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { SITE } from '@/lib/site.ts';

/** What a route declares about itself in the route map. */
export interface RouteHandle {
  /** Shown in the page header and the browser tab. */
  title: string;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The title of the deepest matched route that has one; also sets the document title. */
export function usePageTitle(): string {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle as
    | RouteHandle
    | undefined;
  const title = handle?.title ?? SITE.name;
  useEffect(() => {
    document.title = title === SITE.name ? SITE.name : `${title} | ${SITE.name}`;
  }, [title]);
  return title;
}
