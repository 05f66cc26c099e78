import { PUBLIC_CONFIG_META_NAME, readPublicConfig } from '@red-dental/contracts';

/** The settings a page is written with at build time, where there is no served page to read. */
let prerenderConfig: unknown;

export function setPrerenderConfig(config: unknown): void {
  prerenderConfig = config;
}

/**
 * The server's settings as index.html carries them (a JSON meta written by
 * apps/api/src/plugins/spa.ts), unparsed; undefined when there is none or it
 * is not JSON (`readPublicConfig` gives each value or its default).
 */
export function readPublicConfigMeta(): unknown {
  if (typeof document === 'undefined') return prerenderConfig;
  const content = document.querySelector(`meta[name="${PUBLIC_CONFIG_META_NAME}"]`)?.getAttribute('content');
  if (!content) return undefined;
  try {
    return JSON.parse(content);
  } catch {
    return undefined;
  }
}

/**
 * Whether the affiliate sign-in asks for the birth date too (AFFILIATE_LOGIN_BIRTHDATE). Read
 * each time, not kept: the build draws the sign-in page once for each value.
 */
export function affiliateLoginAsksBirthdate(): boolean {
  return readPublicConfig(readPublicConfigMeta()).affiliateLoginBirthdate;
}
