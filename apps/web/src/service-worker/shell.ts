import { PAGES, pageFile } from '../prerender/pages.ts';

/** The kept page a navigation falls back to offline: the page's own HTML written at build time, or the app. */
export function shellFor(pathname: string): string {
  const page = PAGES.find(({ path }) => path === pathname.replace(/\/+$/, ''));
  return page ? `/${pageFile(page.path)}` : '/index.html';
}
