export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * Settings the browser needs from the server's environment. The API writes
 * them into the served page as
 * `<meta name="red-dental-config" content='{"tileUrl":"…"}'>` (the CSP allows
 * no inline scripts); the web app reads them once.
 */
export interface PublicConfig {
  /** Map tiles, with `{z}`, `{x}` and `{y}` placeholders (server env TILE_URL). */
  tileUrl: string;
  /** The affiliate sign-in asks for the birth date beside the document (server env AFFILIATE_LOGIN_BIRTHDATE). */
  affiliateLoginBirthdate: boolean;
  /** Browsers may install the service worker (server env SERVICE_WORKER); off, the app removes it. */
  serviceWorker: boolean;
  /** Where dentists and staff write to the network (server env NETWORK_CONTACT_EMAIL); null when none is set. */
  contactEmail: string | null;
}

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  tileUrl: DEFAULT_TILE_URL,
  affiliateLoginBirthdate: false,
  serviceWorker: true,
  contactEmail: null,
};

/**
 * The settings in a page's meta (its parsed JSON), each value that is missing
 * or unusable replaced by its default. Plain checks rather than a schema: every
 * page reads them, and a phone should not load the schema library for four values.
 */
export function readPublicConfig(meta: unknown): PublicConfig {
  const value = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : {};
  const flag = (key: 'affiliateLoginBirthdate' | 'serviceWorker') =>
    typeof value[key] === 'boolean' ? value[key] : DEFAULT_PUBLIC_CONFIG[key];
  return {
    tileUrl: typeof value.tileUrl === 'string' && value.tileUrl !== '' ? value.tileUrl : DEFAULT_TILE_URL,
    affiliateLoginBirthdate: flag('affiliateLoginBirthdate'),
    serviceWorker: flag('serviceWorker'),
    contactEmail:
      typeof value.contactEmail === 'string' && value.contactEmail.includes('@') ? value.contactEmail : null,
  };
}
