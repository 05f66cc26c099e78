import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_SCRIPT_PREFIX } from './pages.ts';

/** A chunk as Vite's build manifest (dist/.vite/manifest.json) describes it. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** The modules an affiliate's visit starts from: the sign-in pages, the portal's frame and its screens. */
const PORTAL_ROOTS = [
  'src/app/layouts/public-layout.tsx',
  'src/app/routes/login.tsx',
  'src/app/routes/login-afiliado.tsx',
  'src/app/layouts/query-boundary.tsx',
  'src/app/layouts/affiliate-layout.tsx',
  'src/app/routes/signed-in-screens.ts',
];

/** The portal's screens: what they load on demand (the map, the dialogs) is kept too. */
const PORTAL_SCREENS = [
  'src/app/routes/perfil-afiliado.tsx',
  'src/app/routes/mis-datos.tsx',
  'src/app/routes/cartilla.tsx',
  'src/app/routes/notificaciones-afiliado.tsx',
  'src/app/routes/prestaciones-afiliado.tsx',
  'src/app/routes/mi-token.tsx',
];

/**
 * The built files the service worker keeps for the affiliate portal to open
 * without a connection: the entry, the sign-in pages and the portal's screens
 * with everything they import, and what those screens load on demand. The
 * back office's screens are left to the browser's own cache, so a phone does
 * not download the staff's screens to read its cartilla.
 */
export function portalFiles(dist: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const seen = new Set<string>();
  const add = (key: string, followDynamic: boolean) => {
    // The entry and the frames load every screen on demand: their on-demand imports are never followed.
    const withDynamic = followDynamic && !manifest[key]?.isEntry && !PORTAL_ROOTS.includes(key);
    // A chunk reached first without its on-demand imports is visited again with them.
    const mark = `${withDynamic}:${key}`;
    if (seen.has(mark)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the build manifest; has the route map changed?`);
    seen.add(mark);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) add(imported, withDynamic);
    if (withDynamic) for (const imported of chunk.dynamicImports ?? []) add(imported, true);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) add(key, false);
  for (const key of PORTAL_ROOTS) add(key, false);
  for (const key of PORTAL_SCREENS) add(key, true);
  // The pages' own scripts (build/pages.ts) are written beside the chunks, outside the manifest.
  for (const file of readdirSync(path.join(dist, 'assets')))
    if (file.startsWith(PAGE_SCRIPT_PREFIX)) files.add(`assets/${file}`);
  return files;
}
