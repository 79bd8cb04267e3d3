// The lint rules of the whole tree, run by `npm run lint` and by `npm test` (the Rules step).
// Type-aware rules (typescript-eslint's project service: each file is checked with its own
// workspace's tsconfig.json) catch promises nobody awaits or catches; react-hooks catches hooks
// called out of order in the web. Import cycles and the dependency rules between workspaces are
// dependency-cruiser's job (.dependency-cruiser.cjs): one place for import rules, and faster.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Files inside a workspace's tsconfig.json: linted with type information.
const TYPED = ['packages/*/src/**/*.ts', 'services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'web/src/**/*.{ts,tsx}'];

export default defineConfig([
  globalIgnores([
    '**/dist/**',
    '**/node_modules/**',
    '**/coverage/**',
    '**/.turbo/**',
    'test-results/**',
    'bench-results/**',
    '**/generated/**',
    '**/*.generated.*',
    'web/src/gql/**', // GraphQL Code Generator's output
    'infra/test/fixtures/**',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A warning (shown by `npm run lint`, not failing): raw SQL rows in the repositories are still `any`.
      '@typescript-eslint/no-explicit-any': 'warn',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: TYPED,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // Neither rejects: react-router's navigate and TanStack Query's invalidation are fire-and-forget by design.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'react-router', name: 'NavigateFunction' },
            { from: 'package', package: '@tanstack/query-core', name: 'invalidateQueries' },
          ],
        },
      ],
      // React calls an async onSubmit/onClick and drops its promise; those handlers catch their own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/no-implied-eval': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // React Compiler advice, not defects: setting state from an effect and reading a ref while rendering.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
    },
  },
  {
    // Tests may cast freely.
    files: ['**/*.spec.ts', '**/*.test.{ts,tsx}', '**/test/**', '**/testing/**', 'web/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['load-tests/k6/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' } },
  },
]);
