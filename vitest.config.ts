import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['apps/api', 'apps/web', 'packages/contracts', 'packages/testing'],
    // The machine has two cores; API test files each boot their own databases.
    maxWorkers: 2,
  },
});
