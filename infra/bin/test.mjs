#!/usr/bin/env node
// `npm test`: every check and every test. First the rules (ESLint, Prettier, dependency rules:
// infra/lib/rules.mjs), then the unit and integration tests (real PostgreSQL and Redis) of every
// workspace in one Vitest run, then the browser walk in headless Chromium against the real
// platform, once. Ends with one summary line. `npm test rules|unit|e2e` runs one part only;
// `node infra/bin/test.mjs e2e-week [YYYY-MM-DD[THH:MM]]` runs the browser walk once per day of a week.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll, ensureInstalled, ROOT, withThisNode } from '../lib/install.mjs';

// CI runs this once per Node (.ci/run); every child below (npm, npx, turbo, Vitest's workers, the
// services the tests and the browser walk spawn) runs on this same Node.
console.log(`› Node ${process.version} (${process.execPath})`);
ensureInstalled();
const { requireLocalServices } = await import('../lib/local-services.mjs');
const { ensureChromium } = await import('../lib/chromium.mjs');
const { ensureKafkaMock } = await import('../lib/kafka-mock.mjs');
const { ensureKubectl } = await import('../lib/kubectl.mjs');
const { ensurePdftotext } = await import('../lib/pdftotext.mjs');

await requireLocalServices();
const chromium = ensureChromium();
// librdkafka's mock Kafka cluster: the Kafka transport's tests start one per test (docs/operations.md).
const kafkaMock = ensureKafkaMock();
// `kubectl kustomize` renders the Kubernetes overlays for infra/test/deployment.spec.ts.
const kubectl = ensureKubectl();
// pdftotext reads the documents service's signed PDFs back (services/documents/src/test/forms.spec.ts).
ensurePdftotext();
buildAll();

const resultsDir = join(ROOT, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

function vitest(label, args, outputFile, env = {}) {
  console.log(`\n› ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`], {
    cwd: ROOT,
    stdio: 'inherit',
    env: withThisNode({ ...process.env, CHROMIUM_PATH: chromium, KAFKA_MOCK_BIN: kafkaMock, KUBECTL: kubectl, NODE_ENV: 'test', ...env }),
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

/** The rules step's heap (MB): see where it is spawned. */
const RULES_HEAP_MB = 8192;

const only = process.argv[2];
const runs = [];
let rules = [];
if (!only || only === 'rules') {
  // In its own process, so the memory of the type-aware lint is given back before the tests start.
  console.log('\n› Rules (ESLint, Prettier, dependency rules, types)');
  const rulesFile = join(resultsDir, 'rules.json');
  // The type-aware lint of every workspace holds close to Node's default 4 GB heap on its own, and
  // Prettier then runs in the same process: with eight services it ran out (a CI run died there).
  spawnSync(process.execPath, [`--max-old-space-size=${RULES_HEAP_MB}`, join(ROOT, 'infra/bin/rules.mjs'), '--json', rulesFile], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  try {
    rules = JSON.parse(readFileSync(rulesFile, 'utf8'));
  } catch {
    rules = [{ name: 'Rules', problems: 1 }]; // the step itself broke: its output says why
  }
}
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
    const run = vitest(
      `Browser walk on ${weekday} ${today} (Chicago)`,
      ['--config', 'web/e2e/vitest.config.ts'],
      join(resultsDir, `e2e-${today.replace(':', '')}.json`),
      { E2E_TODAY: today },
    );
    runs.push(run);
    console.log(`  ${weekday} ${today}: ${run.counts.passed} passed, ${run.counts.failed} failed, ${run.counts.skipped} skipped`);
  }
} else {
  if (!only || only === 'unit') runs.push(vitest('Unit and integration tests', [], join(resultsDir, 'unit.json')));
  if (!only || only === 'e2e')
    runs.push(vitest('Browser walk (headless Chromium)', ['--config', 'web/e2e/vitest.config.ts'], join(resultsDir, 'e2e.json')));
}

const total = runs.reduce(
  (t, r) => ({ passed: t.passed + r.counts.passed, failed: t.failed + r.counts.failed, skipped: t.skipped + r.counts.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
const ok = runs.every((r) => r.ok);
const broken = rules.filter((r) => r.problems > 0);
const rulesLine = rules.length
  ? `; rules: ${rules.length - broken.length}/${rules.length} checks clean${broken.length ? ` (${broken.map((r) => `${r.name}: ${r.problems} problems`).join(', ')})` : ''}`
  : '';
console.log(`\nTotal: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped${rulesLine}`);
process.exit(ok && total.failed === 0 && broken.length === 0 ? 0 : 1);
