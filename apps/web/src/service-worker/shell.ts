import { PRERENDERED_PAGES, prerenderedFile } from '../prerender/pages.ts';

/** The kept page a navigation falls back to offline: the public page written at build time, or the app. */
export function shellFor(pathname: string): string {
  const page = PRERENDERED_PAGES.find((path) => path === pathname.replace(/\/+$/, ''));
  return page ? `/${prerenderedFile(page)}` : '/index.html';
}
