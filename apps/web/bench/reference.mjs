// The reference page the Lighthouse benchmark measures beside the portal's
// pages: nothing but React, React DOM and the router drawing one line of the
// affiliate's profile, read as soon as its script runs. No styles, no frame,
// no other screen: what any signed-in page drawn in the browser with this
// framework needs before its data can show, on the same server in the same run.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/** Where the page is served from, inside the web build the benchmark's server serves. */
export const REFERENCE_PATH = '/reference/index.html';

const ENTRY = `import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

const headers = { Accept: 'application/json', Authorization: 'Bearer ' + localStorage.getItem('DC_TOKEN') };
const profile = fetch('/api/afiliados/profile', { headers }).then((response) => response.json());

function Profile() {
  const [data, setData] = useState(null);
  useEffect(() => void profile.then(setData), []);
  return (
    <main>
      <h1>Mis datos</h1>
      {data && <p>{data.nombre}, documento {data.documento}: sus datos, su obra social y su contacto, como el portal los muestra.</p>}
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Profile /> }]);
createRoot(document.getElementById('root')).render(<RouterProvider router={router} />);
`;

const HTML = `<!doctype html>
<html lang="es-AR">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Referencia</title>
    <script type="module" src="./entry.jsx"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** Builds the page into webDir/reference, compressed as the app's files are. */
export async function buildReference(webDir) {
  const source = path.join(import.meta.dirname, '..', 'node_modules', '.bench-reference');
  mkdirSync(source, { recursive: true });
  writeFileSync(path.join(source, 'entry.jsx'), ENTRY);
  writeFileSync(path.join(source, 'index.html'), HTML);
  const outDir = path.join(webDir, 'reference');
  await build({
    configFile: false,
    root: source,
    base: '/reference/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
  });
  rmSync(source, { recursive: true, force: true });
  const assets = path.join(outDir, 'assets');
  for (const file of readdirSync(assets)) {
    const content = readFileSync(path.join(assets, file));
    writeFileSync(path.join(assets, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(assets, `${file}.gz`), gzipSync(content, { level: 9 }));
  }
}
