import { existsSync, readFileSync } from 'node:fs';

/**
 * The API package's folder (apps/api/), for the files the server reads beside
 * its code: migrations, data lists, the web build. Found by walking up from
 * this module to the package.json that names the API, so it holds for the
 * sources (src/) and for the compiled server (dist/ and its chunks) alike.
 */
export const API_ROOT: URL = findApiRoot(new URL('./', import.meta.url));

function findApiRoot(from: URL): URL {
  for (let folder = from; ; folder = new URL('../', folder)) {
    const manifest = new URL('package.json', folder);
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@red-dental/api')
      return folder;
    if (folder.pathname === '/') throw new Error(`apps/api/package.json not found above ${from.pathname}`);
  }
}
