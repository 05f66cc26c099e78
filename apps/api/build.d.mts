// Types of build.mjs, which stays JavaScript so `npm start` can run it before anything is compiled.

/** Where the compiled server goes (API_DIST_DIR, or apps/api/dist). */
export function distDir(): string;
/** Whether dist/server.js is missing or older than a file it is built from. */
export function serverIsStale(): boolean;
/** Bundles src/server.ts into dist/server.js with esbuild. */
export function buildServer(): Promise<void>;
