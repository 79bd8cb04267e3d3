#!/usr/bin/env node
// `npm test`: every test. Unit and integration tests (real PostgreSQL and Redis) of every
// workspace in one Vitest run, then the browser walk in headless Chromium against the real
// platform, once. Ends with one summary line. `node infra/bin/test.mjs unit|e2e` runs one half;
// `node infra/bin/test.mjs e2e-week [YYYY-MM-DD[THH:MM]]` runs the browser walk once per day of a week.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll, ensureInstalled, ROOT } from '../lib/install.mjs';

ensureInstalled();
const { requireLocalServices } = await import('../lib/local-services.mjs');
const { ensureChromium } = await import('../lib/chromium.mjs');

await requireLocalServices();
const chromium = ensureChromium();
buildAll();

const resultsDir = join(ROOT, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

function vitest(label, args, outputFile, env = {}) {
  console.log(`\n› ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, NODE_ENV: 'test', ...env },
  });
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    counts = { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + (report.numTodoTests ?? 0) };
  } catch {
    counts.failed = Math.max(1, counts.failed);
  }
  return { ok: result.status === 0, counts };
}

const only = process.argv[2];
const runs = [];
if (only === 'e2e-week') {
  // The browser walk once per day of a week, one after another, each on its own clock (E2E_TODAY):
  // `node infra/bin/test.mjs e2e-week [YYYY-MM-DD[THH:MM]]`, the first day (default: the walk's
  // pinned Monday) and the wall time in Chicago (default 09:00). See web/e2e/README.md.
  const { DEFAULT_TODAY } = await import('../lib/test-clock.mjs');
  const [first, time = '09:00'] = (process.argv[3] ?? DEFAULT_TODAY).split('T');
  for (let i = 0; i < 7; i++) {
    const d = new Date(Date.parse(`${first}T12:00:00Z`) + i * 86_400_000);
    const today = `${d.toISOString().slice(0, 10)}T${time}`;
    const weekday = d.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
    const run = vitest(`Browser walk on ${weekday} ${today} (Chicago)`, ['--config', 'web/e2e/vitest.config.ts'], join(resultsDir, `e2e-${today.replace(':', '')}.json`), { E2E_TODAY: today });
    runs.push(run);
    console.log(`  ${weekday} ${today}: ${run.counts.passed} passed, ${run.counts.failed} failed, ${run.counts.skipped} skipped`);
  }
} else {
  if (only !== 'e2e') runs.push(vitest('Unit and integration tests', [], join(resultsDir, 'unit.json')));
  if (only !== 'unit') runs.push(vitest('Browser walk (headless Chromium)', ['--config', 'web/e2e/vitest.config.ts'], join(resultsDir, 'e2e.json')));
}

const total = runs.reduce((t, r) => ({ passed: t.passed + r.counts.passed, failed: t.failed + r.counts.failed, skipped: t.skipped + r.counts.skipped }), { passed: 0, failed: 0, skipped: 0 });
const ok = runs.every((r) => r.ok);
console.log(`\nTotal: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(ok && total.failed === 0 ? 0 : 1);
