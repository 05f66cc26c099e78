// The reference pages the Lighthouse benchmark measures beside the portal's
// pages, on the same server in the same run: what any signed-in page drawn in
// the browser with these libraries needs before its data can show, and
// nothing else (no styles, no frame, no other screen).
// - reference: React, React DOM and the router drawing one line of the
//   affiliate's profile, read as soon as its script runs.
// - drawn reference: the same page arriving drawn in its HTML (its heading
//   paints before any script runs, as the portal's pages do), its script
//   listed at low priority and hydrating the heading.
// - map reference: the same as the first, plus Leaflet drawing the directory's
//   providers' map (centred on them, as the cartilla is) with the tile
//   server's tiles.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const PROFILE_ENTRY = `import { useEffect, useState } from 'react';
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

/** `text` with `from` replaced by `to`; throws when `from` is not there, so a variant never silently equals its base. */
function replaced(text, from, to) {
  if (!text.includes(from)) throw new Error(`reference page: "${from}" not found`);
  return text.replace(from, to);
}

/** The profile reference adopting the heading its HTML arrives with, as the portal's pages do. */
const DRAWN_PROFILE_ENTRY = replaced(
  replaced(
    PROFILE_ENTRY,
    "import { createRoot } from 'react-dom/client';",
    "import { startTransition } from 'react';\nimport { hydrateRoot } from 'react-dom/client';",
  ),
  "createRoot(document.getElementById('root')).render(<RouterProvider router={router} />);",
  "startTransition(() => hydrateRoot(document.getElementById('root'), <RouterProvider router={router} />));",
);

const MAP_ENTRY = `import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

const headers = { Accept: 'application/json', Authorization: 'Bearer ' + localStorage.getItem('DC_TOKEN') };
const providers = fetch('/api/profesionales/obrasocial', { headers }).then((response) => response.json());

function Map({ list }) {
  const element = useRef(null);
  useEffect(() => {
    const placed = list.filter((p) => p.lat && p.long).map((p) => [Number(p.lat), Number(p.long)]);
    const centre = placed.length
      ? [placed.reduce((sum, [lat]) => sum + lat, 0) / placed.length, placed.reduce((sum, [, lng]) => sum + lng, 0) / placed.length]
      : [-34.6, -58.4];
    const map = L.map(element.current).setView(centre, 10);
    L.tileLayer(TILE_URL).addTo(map);
    for (const point of placed) L.marker(point).addTo(map);
    return () => map.remove();
  }, [list]);
  return <div ref={element} style={{ height: '60vh' }} />;
}

function Cartilla() {
  const [list, setList] = useState(null);
  useEffect(() => void providers.then(setList), []);
  return (
    <main>
      <h1>Cartilla</h1>
      {list && <Map list={list} />}
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Cartilla /> }]);
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

const DRAWN_HTML = replaced(
  HTML,
  '<div id="root"></div>',
  '<div id="root"><main><h1>Mis datos</h1></main></div>',
);

/** The drawn page's script at low priority (the build writes the tag anew, so it is marked afterwards). */
function lowPriorityScript(html) {
  return replaced(
    html,
    '<script type="module" crossorigin',
    '<script type="module" fetchpriority="low" crossorigin',
  );
}

/** The pages, each served from its folder inside the web build the benchmark's server serves. */
export const REFERENCES = {
  profile: {
    path: '/reference/index.html',
    label: 'reference',
    about: "React, React DOM and the router drawing one line of the profile's read, nothing else",
  },
  drawn: {
    path: '/reference-drawn/index.html',
    label: 'drawn reference',
    about: 'the same arriving drawn in its HTML, its script after the first paint',
  },
  map: {
    path: '/reference-map/index.html',
    label: 'map reference',
    about: "the same with Leaflet drawing the providers' map and its tiles, nothing else",
  },
};

/** Builds the pages into webDir, compressed as the app's files are; `tileUrl` is the map's tile server. */
export async function buildReferences(webDir, tileUrl) {
  await buildPage(webDir, 'reference', PROFILE_ENTRY, {});
  await buildPage(webDir, 'reference-drawn', DRAWN_PROFILE_ENTRY, {}, DRAWN_HTML);
  const drawnPage = path.join(webDir, 'reference-drawn', 'index.html');
  writeFileSync(drawnPage, lowPriorityScript(readFileSync(drawnPage, 'utf8')));
  await buildPage(webDir, 'reference-map', MAP_ENTRY, { TILE_URL: JSON.stringify(tileUrl) });
}

async function buildPage(webDir, folder, entry, define, html = HTML) {
  const source = path.join(import.meta.dirname, '..', 'node_modules', `.bench-${folder}`);
  mkdirSync(source, { recursive: true });
  writeFileSync(path.join(source, 'entry.jsx'), entry);
  writeFileSync(path.join(source, 'index.html'), html);
  const outDir = path.join(webDir, folder);
  await build({
    configFile: false,
    root: source,
    base: `/${folder}/`,
    logLevel: 'warn',
    define,
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
