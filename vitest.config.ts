import { defineConfig } from 'vitest/config';

// One run over every workspace; each project keeps its own config (web: jsdom). The browser
// walk has its own config (web/e2e) and runs once, after these.
export default defineConfig({
  test: {
    projects: ['packages/*', 'services/*', 'gateway', 'web', 'infra'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
