/**
 * Settings the browser needs from the server's environment. The API writes
 * them into the served index.html as
 * `<meta name="red-dental-config" content='{"tileUrl":"…"}'>` (the CSP allows
 * no inline scripts); the web app reads them once, falling back to these defaults.
 */
export interface PublicConfig {
  /** Map tiles, with `{z}`, `{x}` and `{y}` placeholders (server env TILE_URL). */
  tileUrl: string;
}

export const PUBLIC_CONFIG_META_NAME = 'red-dental-config';

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = { tileUrl: DEFAULT_TILE_URL };
