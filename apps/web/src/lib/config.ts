import { DEFAULT_PUBLIC_CONFIG, type PublicConfig, publicConfigSchema } from '@red-dental/contracts';
import { readPublicConfigMeta } from './public-config-meta.ts';

let cached: PublicConfig | undefined;

/** What the meta holds, through its contract schema; a missing or malformed meta gives the defaults. */
function readMeta(): PublicConfig {
  const meta = readPublicConfigMeta();
  return meta === undefined
    ? DEFAULT_PUBLIC_CONFIG
    : publicConfigSchema.catch(DEFAULT_PUBLIC_CONFIG).parse(meta);
}

/**
 * The server's settings for the browser (the map tile URL), written by the
 * API into index.html (apps/api/src/plugins/spa.ts) and read once. The Vite
 * dev server's page has none: the defaults apply.
 */
export function getPublicConfig(): PublicConfig {
  cached ??= readMeta();
  return cached;
}

/** Forgets the settings read, so a test can give the page another meta. */
export function resetPublicConfigForTests(): void {
  cached = undefined;
}
