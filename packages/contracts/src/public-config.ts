import { z } from 'zod';

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * Settings the browser needs from the server's environment. The API writes
 * them into the served index.html as
 * `<meta name="red-dental-config" content='{"tileUrl":"…"}'>` (the CSP allows
 * no inline scripts); the web app reads them once. A value that is missing or
 * unusable falls back to its default.
 */
export const publicConfigSchema = z.object({
  /** Map tiles, with `{z}`, `{x}` and `{y}` placeholders (server env TILE_URL). */
  tileUrl: z.string().min(1).catch(DEFAULT_TILE_URL),
  /** The affiliate sign-in asks for the birth date beside the document (server env AFFILIATE_LOGIN_BIRTHDATE). */
  affiliateLoginBirthdate: z.boolean().catch(false),
  /** Browsers may install the service worker (server env SERVICE_WORKER); off, the app removes it. */
  serviceWorker: z.boolean().catch(true),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  tileUrl: DEFAULT_TILE_URL,
  affiliateLoginBirthdate: false,
  serviceWorker: true,
};
