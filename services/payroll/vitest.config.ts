import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// Run on its own (`npm test -w @salon/payroll`) or as a project of the root config.
export default defineConfig({
  resolve: {
    // graphql 16 ships CommonJS and ESM copies; Nest and Apollo load the CommonJS one, so our code
    // must too (else `instanceof GraphQLScalarType` / `GraphQLError` fail across the copies).
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    name: '@salon/payroll',
    include: ['src/**/*.spec.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
