import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // A screen's first test also loads its lazy modules; on a shared two-core
      // machine that alone has taken over 5 s, so the default would fail tests
      // that are only slow, not wrong.
      testTimeout: 20_000,
    },
  }),
);
