import { defineConfig } from 'vitest/config';

// infra's own tests (the rules checks, and the authorization matrix against a whole platform:
// docs/security.md); a project of the root config.
export default defineConfig({
  test: {
    name: '@salon/infra',
    include: ['test/**/*.spec.ts'],
    testTimeout: 180_000,
  },
});
