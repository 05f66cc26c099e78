import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // The manifest lets bench/bundle-size.mjs find exactly what a route loads.
    manifest: true,
    sourcemap: true,
    rollupOptions: {
      // The contracts package only declares schemas and constants: a module of it
      // that nothing uses is dropped, so zod stays out of the screens that need none.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contracts[\\/]/.test(id) },
    },
  },
  server: {
    proxy: { '/api': process.env.API_URL ?? 'http://127.0.0.1:3000' },
  },
});
