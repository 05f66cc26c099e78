import type { PublicConfig } from '@red-dental/contracts';

/** The modules of the frames around the screens (the route map in app/router.tsx). */
const PUBLIC_FRAME = ['src/app/layouts/public-layout.tsx'];
const PORTAL_FRAME = [
  'src/app/layouts/query-boundary.tsx',
  'src/app/layouts/affiliate-layout.tsx',
  'src/app/routes/signed-in-screens.ts',
];

/**
 * Pages given an HTML of their own at build time (build/pages.ts): it lists
 * every file the page needs, so a phone fetches them at once instead of one
 * after another, and the sign-in pages arrive with their form already painted
 * (the app then hydrates it). Other addresses get the plain app page.
 */
export const PAGES: { path: string; modules: string[]; prerender: boolean }[] = [
  { path: '/login', modules: [...PUBLIC_FRAME, 'src/app/routes/login.tsx'], prerender: true },
  {
    path: '/login-afiliado',
    modules: [...PUBLIC_FRAME, 'src/app/routes/login-afiliado.tsx'],
    prerender: true,
  },
  {
    path: '/perfil-afiliado',
    modules: [...PORTAL_FRAME, 'src/app/routes/perfil-afiliado.tsx'],
    prerender: false,
  },
  { path: '/cartilla', modules: [...PORTAL_FRAME, 'src/app/routes/cartilla.tsx'], prerender: false },
  {
    path: '/notificaciones-afiliado',
    modules: [...PORTAL_FRAME, 'src/app/routes/notificaciones-afiliado.tsx'],
    prerender: false,
  },
];

/**
 * The settings that change what a prerendered page shows, each variant with
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
export type PagesIndex = Record<string, { file: string; variants?: Record<string, string> }>;
