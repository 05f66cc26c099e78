import type { PublicConfig } from '@red-dental/contracts';

/**
 * The public pages written as HTML at build time, so their form paints before
 * any JavaScript runs (the app then hydrates it). Each page is written once
 * per variant of the settings it shows; the server sends the one matching its own.
 */
export const PRERENDERED_PAGES = ['/login', '/login-afiliado'] as const;

/** The settings that change what a public page shows, and the file suffix of each variant. */
export const PRERENDER_VARIANTS: { suffix: string; config: Pick<PublicConfig, 'affiliateLoginBirthdate'> }[] =
  [
    { suffix: '', config: { affiliateLoginBirthdate: false } },
    { suffix: '.fecha-nacimiento', config: { affiliateLoginBirthdate: true } },
  ];

/** Where a prerendered page is written in dist/, for a variant's suffix. */
export function prerenderedFile(path: string, suffix = ''): string {
  return `prerendered${path}${suffix}.html`;
}
