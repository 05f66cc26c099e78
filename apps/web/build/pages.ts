import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { earlyReadsScript } from '../src/lib/early-reads.ts';
import {
  type Drawn,
  PAGES,
  PAGES_INDEX,
  type PagesIndex,
  PRERENDER_VARIANTS,
  pageFile,
} from '../src/prerender/pages.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** A route module's chunk and everything it imports statically: its scripts and its styles. */
function filesOf(manifest: Record<string, ManifestChunk>, keys: string[]) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the build manifest; has the route map changed?`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css };
}

/**
 * Libraries a portal page must not load as it opens, and why: each brings its
 * weight and start-up work into every page an affiliate opens on a phone.
 */
const NOT_ON_THE_PORTAL = [
  {
    module: /[\\/]node_modules[\\/]zod[\\/]/,
    library: 'the schema library',
    why: "the portal's reads take the server's answers without a schema; look for a schema imported by the file's modules",
  },
  {
    module: /[\\/]node_modules[\\/]react-hook-form[\\/]/,
    library: 'the form library',
    why: "a portal screen's form loads when it is opened for editing (as the profile's does with 'Editar'); look for a form imported by the file's modules",
  },
];

/** Fails the build when a portal page's files hold one of the libraries above, naming the file and the module. */
function checkPortalFiles(pagePath: string, js: Iterable<string>, bundle: Rolldown.OutputBundle) {
  for (const file of js) {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') continue;
    for (const { module: pattern, library, why } of NOT_ON_THE_PORTAL) {
      const module = chunk.moduleIds.find((id) => pattern.test(id));
      if (module)
        throw new Error(
          `${pagePath} loads ${library} (${file} holds ${path.relative(process.cwd(), module)}): ${why}`,
        );
    }
  }
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">\s*/g;

/**
 * The page's HTML: its styles written in (the entry's and its screen's, so
 * the first paint waits for no stylesheet request) and its scripts listed for
 * fetching at once. Each written-in stylesheet keeps a disabled link, which
 * the browser does not fetch and the module loader takes as already loaded.
 */
function pageHtml(shell: string, dist: string, js: Iterable<string>, css: Iterable<string>): string {
  const inShell = [...shell.matchAll(STYLESHEET_LINK)].map((match) => match[1]!);
  const styles = [...new Set([...inShell, ...css])];
  const text = styles.map((file) => readFileSync(path.join(dist, file), 'utf8').trim()).join('\n');
  const links = [
    `<style>${text}</style>`,
    ...styles.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`),
    ...[...js].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  return shell.replace(STYLESHEET_LINK, '').replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Fetches and starts the app once the page has painted: a prerendered page
 * shows its form from its HTML and styles alone, and its scripts, which only
 * make the form work, would otherwise share the phone's slow connection with
 * the page's own text and styles. The files come from the tag's data-app
 * attribute, the entry first; each is asked for at once, as the page would.
 * Until the app has started, a pressed button or a sent form waits for it.
 */
const AFTER_PAINT = `(() => {
  // What is pressed or sent before the app runs (a button, a form) is held, and done again once
  // the app has taken the page over (src/app/start.tsx): until then nothing would answer it, and a
  // form sent as it is would leave the page.
  let held = null;
  const hold = (event) => {
    const target = event.type === 'submit' ? event.target : event.target.closest?.('button');
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  const release = () => {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', hold, true);
  };
  globalThis.redDentalAppStarted = () => {
    release();
    const target = held;
    held = null;
    // Done once, and only if what was pressed is still on the page.
    if (!target?.isConnected) return;
    if (target.tagName === 'FORM') target.requestSubmit();
    else target.click();
  };
  const [entry, ...files] = document.currentScript.dataset.app.split(' ');
  const add = (tag, attributes) => document.head.append(Object.assign(document.createElement(tag), attributes));
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of files) add('link', { rel: 'modulepreload', href, crossOrigin: '' });
      // Without the app (its files could not be fetched) a form goes as it is rather than nowhere.
      add('script', { type: 'module', src: entry, crossOrigin: '', onerror: release });
    }),
  );
})();
`;

/** The pages' own scripts are written in dist/assets under this prefix (hashed: cached for good). */
export const PAGE_SCRIPT_PREFIX = 'page-';

/** Writes one of the pages' own scripts and answers its address. */
function writePageScript(dist: string, name: string, source: string): string {
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const file = `assets/${PAGE_SCRIPT_PREFIX}${name}-${hash}.js`;
  writeFileSync(path.join(dist, file), source);
  return file;
}

/** The prerendered page's scripts, fetched by the after-paint loader instead of by the HTML. */
function afterThePaint(html: string, loader: string): string {
  const entry = html.match(MODULE_SCRIPT)?.[1];
  if (!entry) throw new Error('the page has no module script to start after the paint');
  const files = [entry, ...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)];
  return html
    .replace(MODULE_SCRIPT, `<script async src="/${loader}" data-app="${files.join(' ')}"></script>\n    `)
    .replace(MODULE_PRELOAD, '');
}

/**
 * A portal page's frame: its scripts asked for at once but at low priority
 * (the frame paints without them, so they should not compete with its HTML),
 * and its first reads asked for by its own small script while they download
 * (src/lib/early-reads.ts); deferred, that script runs after the HTML is read
 * and before the app, whose first requests then find the answers.
 */
function framePage(html: string, script: string, reads: readonly string[]): string {
  const lowPriority = html
    .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
    .replace(
      /<link rel="modulepreload" crossorigin/g,
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    );
  if (reads.length === 0) return lowPriority;
  return lowPriority.replace(
    /<script type="module"/,
    `<script defer src="/${script}" data-reads="${reads.join(' ')}"></script>\n    <script type="module"`,
  );
}

/**
 * Builds the app for Node and renders the public pages with it. The build uses
 * the client's aliases and CSS-module naming, so the class names match.
 */
async function prerenderer(config: ResolvedConfig, outDir: string) {
  await build({
    configFile: false,
    root: config.root,
    logLevel: 'warn',
    resolve: { alias: config.resolve.alias },
    css: { modules: config.css.modules },
    plugins: [react()],
    ssr: { noExternal: ['@red-dental/contracts'] },
    build: { ssr: 'src/app/prerender.tsx', outDir, emptyOutDir: true, sourcemap: false },
  });
  const module = (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as {
    renderPage: (
      path: string,
      drawn: Drawn,
      config: (typeof PRERENDER_VARIANTS)[number]['config'],
    ) => Promise<string>;
  };
  return module.renderPage;
}

/**
 * Writes an HTML of its own for each page of src/prerender/pages.ts (its files
 * listed up front, and the sign-in pages' form already rendered, in each
 * settings variant), and the index the server serves them from.
 */
export function pages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'red-dental:pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options, bundle) {
      const dist = options.dir ?? config.build.outDir;
      const manifestAsset = bundle['.vite/manifest.json'];
      if (manifestAsset?.type !== 'asset') throw new Error('the build wrote no manifest (build.manifest)');
      const manifest = JSON.parse(String(manifestAsset.source)) as Record<string, ManifestChunk>;
      const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
      const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
      const inShell = filesOf(manifest, entry ? [entry] : []);
      const ssrDir = path.join(config.root, 'node_modules', '.prerender');
      const render = await prerenderer(config, ssrDir);

      const loader = writePageScript(dist, 'after-paint', AFTER_PAINT);
      const earlyReads = writePageScript(dist, 'early-reads', earlyReadsScript());

      const index: PagesIndex = {};
      for (const page of PAGES) {
        const { js, css } = filesOf(manifest, page.modules);
        if (page.drawn === 'frame') checkPortalFiles(page.path, js, bundle);
        const html = pageHtml(
          shell,
          dist,
          [...js].filter((file) => !inShell.js.has(file)),
          css,
        );
        // The frame shows no setting: only the sign-in pages have a variant per setting.
        const variants = page.drawn === 'page' ? PRERENDER_VARIANTS : PRERENDER_VARIANTS.slice(0, 1);
        // The early reads name the API's addresses under /api: a build for an API elsewhere
        // (VITE_API_URL) has its screens ask on their own.
        const reads = config.env.VITE_API_URL ? [] : page.reads;
        index[page.path] = { file: pageFile(page.path), ...(page.showsMap && { showsMap: true }) };
        for (const variant of variants) {
          const body = await render(page.path, page.drawn, variant.config);
          const file = pageFile(page.path, variant.suffix);
          mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
          writeFileSync(
            path.join(dist, file),
            (page.drawn === 'page'
              ? afterThePaint(html, loader)
              : framePage(html, earlyReads, reads)
            ).replace('<div id="root"></div>', `<div id="root" data-drawn="${page.drawn}">${body}</div>`),
          );
          if (variant.suffix)
            index[page.path]!.variants = { ...index[page.path]!.variants, [variant.suffix]: file };
        }
      }
      writeFileSync(path.join(dist, PAGES_INDEX), `${JSON.stringify(index, null, 2)}\n`);
      rmSync(ssrDir, { recursive: true, force: true });
    },
  };
}
