import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';

// No process of the platform starts without its shared secrets, and none has a default: a test
// run makes its own, random each run, here in the main process so every worker and every service
// process a test spawns inherits them (a value already in the environment wins).
process.env.JWT_SECRET ||= randomBytes(32).toString('base64url');
process.env.EVENT_SECRET_KEY ||= randomBytes(32).toString('base64url');

// One run over every workspace; each project keeps its own config (web: jsdom). The browser
// walk has its own config (web/e2e) and runs once, after these.
export default defineConfig({
  test: {
    projects: ['packages/*', 'services/*', 'gateway', 'web', 'infra', 'load-tests'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
