import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { pages } from './build/pages.ts';
import { portalFiles } from './build/precache.ts';

const DIST = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * The contracts package only declares schemas and constants: a module of it
 * that nothing uses is dropped, so zod stays out of the screens (and the
 * service worker) that need none.
 */
const CONTRACTS_TREESHAKE = {
  moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contracts[\\/]/.test(id),
};

export default defineConfig({
  plugins: [
    react(),
    // Each page's own HTML, the sign-in pages prerendered (build/pages.ts).
    pages(),
    // Precompressed copies beside every text asset; the server sends the one the browser accepts.
    compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|css|svg|json)$/, threshold: 1024 }),
    // The installable app: the manifest and a service worker of our own (src/service-worker/sw.ts),
    // registered by the app itself (lib/service-worker.ts), never reloading a page on its own.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      includeManifestIcons: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: 'Red Dental',
        short_name: 'Red Dental',
        description: 'Cartilla de prestadores, notificaciones y datos del afiliado de Red Dental.',
        lang: 'es-AR',
        dir: 'ltr',
        start_url: '/perfil-afiliado',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#b3141c',
        background_color: '#ffffff',
        categories: ['health', 'medical'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.map', 'sw.js'],
        // The worker answers in the API's words (MESSAGES) without the schema library.
        rollupOptions: { treeshake: CONTRACTS_TREESHAKE },
        // Only the affiliate portal's files (build/precache.ts); the back office loads as it always has.
        manifestTransforms: [
          async (entries) => {
            const portal = portalFiles(DIST);
            const kept = entries.filter((entry) => !entry.url.startsWith('assets/') || portal.has(entry.url));
            return { manifest: kept, warnings: [] };
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod without its eval probe, which the CSP forbids (src/lib/zod.ts); that module imports 'zod/v4'.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
    ],
  },
  build: {
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    // The manifest lets bench/bundle-size.mjs find exactly what a route loads.
    manifest: true,
    // Kept beside the bundles for reading stack traces; the server never serves the manifest, nor the
    // maps in production (docs/decisions/055).
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and the router change only with an upgrade: one long-cached file.
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // The small modules every page starts with (session, permissions, paths, the API client,
            // the form basics, the toasts, the error screens, the footer): one file rather than a handful,
            // since each file costs its own overhead (decision 011).
            {
              name: 'core',
              test: /[\\/]src[\\/](lib[\\/](session|permissions|paths|site|screen-title|api-client|offline-copy|service-worker)\.ts|app[\\/]layouts[\\/](route-error\.tsx|unknown-path\.tsx|update-prompt\.tsx|page-title\.ts|site-footer)|components[\\/]ui[\\/](button|field|text-input|spinner|toast|empty-state|page-status|icons|alert)[\\/])/,
            },
            // The server-state library, used by every signed-in screen: one file, not one per export.
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            // What every signed-in page starts with beside its screen: the frames' parts, the list
            // and table pieces, the formats, the contract's plain values, and the small pieces the
            // portal's screens show (who saw my data, the download, the notices' links, the filters'
            // controls, their texts). The print view of one's data, which lists health data with
            // their words from the contracts' schemas' modules, stays with its own screen.
            // One file rather than twenty, which a phone on HTTP/1.1 fetches six at a time (with the
            // browser slowed to the preset's phone, the profile's data showed about a second
            // earlier, decision 077). The route modules themselves stay files of their own: the
            // router loads them by name.
            {
              name: 'signed-in',
              test: /[\\/](apps[\\/]web[\\/]src[\\/](app[\\/]layouts[\\/](affiliate-menu|app-header|session-guards|use-sign-out)|lib[\\/](query-keys|offline-status|format|list-params|form-errors|api-files)|styles[\\/]field-grid|components[\\/](offline[\\/]|ui[\\/](screen-icons|panel|list-panel|data-table|checkbox|select|badge)[\\/]|maps[\\/](map-error-boundary|coordinates)\.tsx?)|features[\\/](afiliados[\\/]api[\\/]get-afiliado-profile|mis-datos[\\/](api[\\/]|components[\\/](descargar-mis-datos|mis-accesos|mis-datos\.module))|notificaciones[\\/](api[\\/](get-notificaciones-afiliado|mark-notificacion-read)|components[\\/]ver-link)))|packages[\\/]contracts[\\/]src[\\/]((plain|week|public-config)\.ts|messages[\\/](afiliados|auditoria|notificaciones|cartilla)\.ts))/,
            },
            // The map's React bindings, which the cartilla and the profile's location map load with
            // Leaflet: one file rather than one per component.
            { name: 'react-leaflet', test: /[\\/]node_modules[\\/](react-leaflet|@react-leaflet)[\\/]/ },
            // The form helpers both sign-in pages share: one file, for the same reason.
            {
              name: 'public',
              test: /[\\/]src[\\/](lib[\\/]use-sign-in-form\.ts|styles[\\/]form-page\.module\.css)/,
            },
          ],
        },
      },
      treeshake: CONTRACTS_TREESHAKE,
    },
  },
  server: {
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
});
