/**
 * What `import { z } from 'zod'` gives the web app (vite.config.ts points the
 * bare name here): zod set up before any schema is built. The page's
 * Content-Security-Policy forbids eval, so zod's compiled parsers could never
 * run; without `jitless` zod tries `new Function` once to find out, and the
 * browser reports a policy violation on every page.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
