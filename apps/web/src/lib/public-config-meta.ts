import { PUBLIC_CONFIG_META_NAME } from '@red-dental/contracts';

/** The settings a page is written with at build time, where there is no served page to read. */
let prerenderConfig: unknown;

export function setPrerenderConfig(config: unknown): void {
  prerenderConfig = config;
}

/**
 * The server's settings as index.html carries them (a JSON meta written by
 * apps/api/src/plugins/spa.ts), unparsed; undefined when there is none or it
 * is not JSON. Kept apart from `getPublicConfig` so the sign-in screens can
 * read one flag without loading the schema library (decision 011).
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

/** Whether the affiliate sign-in asks for the birth date too (AFFILIATE_LOGIN_BIRTHDATE); anything but true is no. */
export function affiliateLoginAsksBirthdate(): boolean {
  const meta = readPublicConfigMeta();
  return (
    typeof meta === 'object' &&
    meta !== null &&
    (meta as Record<string, unknown>).affiliateLoginBirthdate === true
  );
}
