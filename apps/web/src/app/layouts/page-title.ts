import type { PermissionRequirement } from '@red-dental/contracts';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useScreenTitleOverride } from '@/lib/screen-title.ts';
import { SITE } from '@/lib/site.ts';

/** What a route declares about itself in the route map. */
export interface RouteHandle {
  /** Shown in the page header and the browser tab. */
  title: string;
  /** What the signed-in user must be allowed to open the screen (checked by the staff layout). */
  permission?: PermissionRequirement;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The handle of the screen being shown: the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  return [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle as
    | RouteHandle
    | undefined;
}

/** The title of the screen being shown (its own, or its route's); also sets the document title. */
export function usePageTitle(): string {
  const routeTitle = useRouteHandle()?.title;
  const title = useScreenTitleOverride() ?? routeTitle ?? SITE.name;
  useEffect(() => {
    document.title = title === SITE.name ? SITE.name : `${title} | ${SITE.name}`;
  }, [title]);
  return title;
}
