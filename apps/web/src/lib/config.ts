import { type PublicConfig, readPublicConfig } from '@red-dental/contracts';
import { readPublicConfigMeta } from './public-config-meta.ts';

let cached: PublicConfig | undefined;

/**
 * The server's settings for the browser (the map tile URL), written by the
 * API into index.html (apps/api/src/plugins/spa.ts) and read once. The Vite
 * dev server's page has none: the defaults apply.
 */
export function getPublicConfig(): PublicConfig {
  cached ??= readPublicConfig(readPublicConfigMeta());
  return cached;
}

/** Forgets the settings read, so a test can give the page another meta. */
export function resetPublicConfigForTests(): void {
  cached = undefined;
}
