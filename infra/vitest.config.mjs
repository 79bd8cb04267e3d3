import { defineConfig } from 'vitest/config';

// infra's own tests (the rules checks); a project of the root config.
export default defineConfig({
  test: {
    name: '@salon/infra',
    include: ['test/**/*.spec.ts'],
    testTimeout: 180_000,
  },
});
