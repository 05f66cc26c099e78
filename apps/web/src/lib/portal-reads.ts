/**
 * The affiliate portal's reads, each address written once, as the API client takes it. The request
 * files ask for them, the offline copy (`offline-copy.ts`, which the service worker runs) keeps
 * the answers of those it names, the prerendered pages start them while the app loads
 * (`prerender/pages.ts`), and each screen learns from its read's hook whether the answer on
 * screen is the kept copy. Plain strings and nothing else, so the service worker and the build
 * import them without any request code.
 */
export const PORTAL_READS = {
  /** The affiliate's own data; every portal page reads it first, and it confirms the session. */
  profile: 'afiliados/profile',
  /** The directory of the affiliate's insurer. */
  cartilla: 'profesionales/obrasocial',
  /** The notifications the affiliate received, a page at a time. */
  notificaciones: 'notificaciones/afiliados',
  /** Every line recorded on the affiliate across the network. */
  prestaciones: 'afiliados/profile/prestaciones',
  /** Who looked up the affiliate's data, a page at a time (needs the server: never kept). */
  accesos: 'afiliados/profile/accesos',
} as const;

export type PortalRead = (typeof PORTAL_READS)[keyof typeof PORTAL_READS];

/** A read's path as a request's URL carries it (`/api/…`). */
export function apiPathname(read: PortalRead): string {
  return `/api/${read}`;
}

/** The first page of a portal list, as its screen asks for it. */
export const FIRST_PAGE = { pageIndex: 0, pageSize: 10 } as const;
