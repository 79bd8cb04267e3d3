import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const backend = process.env.GATEWAY_URL ?? 'http://localhost:4000';
// Node 25+ has its own localStorage/sessionStorage globals (inert without --localstorage-file), and
// Vitest's jsdom environment does not replace a global that already exists: the tests would get
// Node's instead of jsdom's. Switched off there; the flag does not exist on Node 20.
const nodeWebStorage = Number(process.versions.node.split('.')[0]) >= 25;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            { name: 'data', test: /node_modules[\\/](@apollo|graphql|@tanstack|rxjs|@wry|optimism|tslib|zen-observable)/ },
            // zod with the module that turns its compiler off (src/zod-jitless.ts): in one chunk, the
            // switch runs as soon as zod does, before any chunk builds a schema (a schema built
            // earlier would probe `new Function`, which the CSP refuses and reports).
            { name: 'zod', test: /(node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-jitless\.ts$)/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/graphql': { target: backend, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/graphql': { target: backend, changeOrigin: true },
    },
  },
  test: {
    // Component tests (*.test.tsx) declare `@vitest-environment jsdom` in their first line; the
    // rest run in node. One flat project, so the root run picks it up as it is.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    // A project does not inherit the root's timeouts. A file's first test also pays for loading
    // the page's modules, which took over 5 s (vitest's default) on a loaded 2-core machine.
    testTimeout: 30_000,
    execArgv: nodeWebStorage ? ['--no-experimental-webstorage'] : [],
  },
});
