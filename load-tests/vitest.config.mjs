import { defineConfig } from 'vitest/config';

// The load harness's own tests (the scenario driver and k6's threshold language); a project of the
// root config. The scenarios themselves run against a whole platform in the walk's smoke file.
export default defineConfig({
  test: {
    name: '@salon/load-tests',
    include: ['local/**/*.spec.mjs', 'scenarios/**/*.spec.mjs'],
  },
});
