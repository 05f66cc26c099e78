import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@red-dental/testing';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The local geocoder and tile server (support/stand-ins.ts). */
const STAND_INS = `http://127.0.0.1:${Number(process.env.E2E_STAND_INS_PORT ?? 3211)}`;

// One fresh data directory per run. The runner's environment is inherited by
// its workers, so the tests find the same directory (the mail files live there).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'red-dental-e2e-'));
process.env.E2E_BASE_URL = BASE_URL;
// The server's session key, known to the tests so they can sign a session that ends within the test
// (support/session-token.ts); one per run, like the data directory.
process.env.E2E_JWT_SECRET ??= randomBytes(32).toString('base64url');

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // The longest flows visit five screens and scan each at two widths: 20–35 s on two busy cores.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'es-AR',
    trace: 'retain-on-failure',
    // The service worker answers from its own copies, out of reach of page.route; only the suite
    // about it (portal-offline.spec.ts) lets it install.
    serviceWorkers: 'block',
    // Debian's Chromium: Playwright downloads no browser of its own.
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      command: 'npx tsx support/stand-ins.ts',
      url: `${STAND_INS}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { STAND_INS_PORT: new URL(STAND_INS).port },
    },
    {
      // The real server as `npm start` runs it (compiled), serving the SPA built by `npm run build`
      // (see the root script test:e2e).
      command: 'node ../scripts/start.mjs',
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: BASE_URL,
        DEMO_DATA: 'false',
        // The tests give each browser and request a client address of its own (support/fixtures.ts).
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'admin@reddental.com.ar',
        ADMIN_PASSWORD: 'RedDental2025!',
        JWT_SECRET: process.env.E2E_JWT_SECRET,
        GEOCODER_URL: STAND_INS,
        TILE_URL: `${STAND_INS}/tiles/{z}/{x}/{y}.png`,
      },
    },
  ],
});
