import type { PublicConfig } from '@red-dental/contracts';
import { apiPathname, FIRST_PAGE, PORTAL_READS, type PortalRead } from '../lib/portal-reads.ts';

/** The modules of the frames around the screens (the route map in app/router.tsx). */
const PUBLIC_FRAME = ['src/app/layouts/public-layout.tsx'];
const PORTAL_FRAME = [
  'src/app/layouts/query-boundary.tsx',
  'src/app/layouts/affiliate-layout.tsx',
  'src/app/routes/signed-in-screens.ts',
];

/**
 * What a page's HTML arrives with: 'page', the whole page (a sign-in form,
 * which the app then hydrates; its scripts come after the first paint);
 * 'frame', the portal's frame with the screen still loading (the menu, the
 * title, the footer; the app draws over it once its screen's scripts, listed
 * up front, have run).
 */
export type Drawn = 'page' | 'frame';

/**
 * A read's URL as the API client writes it (`lib/api-client.ts`, `buildUrl`): its path, then its
 * query in the order given. `pages.test.tsx` checks each page's reads against what its screen asks.
 */
function read(path: PortalRead, query?: Record<string, string | number>): string {
  const search = query
    ? new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()
    : '';
  return search ? `${apiPathname(path)}?${search}` : apiPathname(path);
}

/** What every portal page reads first: the profile, which also confirms the session. */
const PROFILE_READ = read(PORTAL_READS.profile);

/**
 * Pages given an HTML of their own at build time (build/pages.ts): it lists
 * every file the page needs, so a phone fetches them at once instead of one
 * after another, and it arrives already drawn (see Drawn), so something
 * shows before any script has run. A portal page also asks for its first
 * reads (`reads`, exactly as the app asks for them) while its files download.
 * Other addresses get the plain app page.
 */
export const PAGES: {
  path: string;
  modules: string[];
  drawn: Drawn;
  reads: string[];
  /** The page shows the map: the server tells the browser to connect to the tile server early. */
  showsMap?: boolean;
}[] = [
  { path: '/login', modules: [...PUBLIC_FRAME, 'src/app/routes/login.tsx'], drawn: 'page', reads: [] },
  {
    path: '/login-afiliado',
    modules: [...PUBLIC_FRAME, 'src/app/routes/login-afiliado.tsx'],
    drawn: 'page',
    reads: [],
  },
  {
    path: '/perfil-afiliado',
    modules: [...PORTAL_FRAME, 'src/app/routes/perfil-afiliado.tsx'],
    drawn: 'frame',
    // Who looked the data up: its first page, as the screen asks for it.
    reads: [PROFILE_READ, read(PORTAL_READS.accesos, FIRST_PAGE)],
  },
  {
    path: '/cartilla',
    // The map's files too: its tiles are the largest thing on the page, so they are not left to
    // be discovered once the list is drawn.
    modules: [
      ...PORTAL_FRAME,
      'src/app/routes/cartilla.tsx',
      'src/components/maps/directory-map/leaflet-directory-map.tsx',
    ],
    drawn: 'frame',
    reads: [PROFILE_READ, read(PORTAL_READS.cartilla)],
    showsMap: true,
  },
  {
    path: '/notificaciones-afiliado',
    modules: [...PORTAL_FRAME, 'src/app/routes/notificaciones-afiliado.tsx'],
    drawn: 'frame',
    reads: [PROFILE_READ, read(PORTAL_READS.notificaciones, { ...FIRST_PAGE, search: '' })],
  },
];

/**
 * The settings that change what a drawn sign-in page shows, each variant with
 * its file suffix; the server sends the variant matching its own settings.
 */
export const PRERENDER_VARIANTS: {
  suffix: string;
  config: Pick<PublicConfig, 'affiliateLoginBirthdate'>;
}[] = [
  { suffix: '', config: { affiliateLoginBirthdate: false } },
  { suffix: '.fecha-nacimiento', config: { affiliateLoginBirthdate: true } },
];

/** Where a page's HTML is written in dist/, for a variant's suffix. */
export function pageFile(path: string, suffix = ''): string {
  return `pages${path}${suffix}.html`;
}

/** The list the server reads (dist/pages/index.json): each path's file, and its variants'. */
export const PAGES_INDEX = 'pages/index.json';
export type PagesIndex = Record<
  string,
  { file: string; variants?: Record<string, string>; showsMap?: boolean }
>;
