import { defineConfig } from 'vitest/config';

// The browser walk: one platform for the whole run (started in global-setup), one browser,
// files one after another so two cores are not fighting over Chromium.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // The walk's clock (E2E_TODAY or the pinned default) in every test file too: they compute dates.
    setupFiles: ['./setup-clock.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
