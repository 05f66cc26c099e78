import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // Precompressed copies beside every text asset; the server sends the one the browser accepts.
    compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|css|svg|json)$/, threshold: 1024 }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
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
            // The small modules every page starts with (session, permissions, paths, the API
            // client, the form basics): one file rather than a handful, since each file costs
            // its own overhead (decision 011).
            {
              name: 'core',
              test: /[\\/]src[\\/](lib[\\/](session|permissions|paths|site|screen-title|api-client)\.ts|components[\\/]ui[\\/](button|field|text-input|spinner)[\\/])/,
            },
          ],
        },
      },
      // The contracts package only declares schemas and constants: a module of it
      // that nothing uses is dropped, so zod stays out of the screens that need none.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contracts[\\/]/.test(id) },
    },
  },
  server: {
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
});
