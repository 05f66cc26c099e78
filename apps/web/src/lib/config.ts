import { DEFAULT_PUBLIC_CONFIG, PUBLIC_CONFIG_META_NAME, type PublicConfig } from '@red-dental/contracts';

let cached: PublicConfig | undefined;

/** What the meta holds, as far as it is usable; anything missing or malformed keeps its default. */
function readMeta(): Partial<PublicConfig> {
  const content = document.querySelector(`meta[name="${PUBLIC_CONFIG_META_NAME}"]`)?.getAttribute('content');
  if (!content) return {};
  try {
    const parsed: unknown = JSON.parse(content);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<PublicConfig>) : {};
  } catch {
    return {};
  }
}

/**
 * The server's settings for the browser (the map tile URL), written by the
 * API into index.html (apps/api/src/plugins/spa.ts) and read once. The Vite
 * dev server's page has none: the defaults apply.
 */
export function getPublicConfig(): PublicConfig {
  if (!cached) {
    const meta = readMeta();
    cached = {
      tileUrl:
        typeof meta.tileUrl === 'string' && meta.tileUrl !== ''
          ? meta.tileUrl
          : DEFAULT_PUBLIC_CONFIG.tileUrl,
    };
  }
  return cached;
}

/** Forgets the settings read, so a test can give the page another meta. */
export function resetPublicConfigForTests(): void {
  cached = undefined;
}
