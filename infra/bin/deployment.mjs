#!/usr/bin/env node
// Writes docker-compose.yml and k8s/base/services/* from infra/lib/platform.mjs (infra/lib/deployment.mjs).
//   node infra/bin/deployment.mjs          write them (after adding a service or a peer)
//   node infra/bin/deployment.mjs --check  exit 1 naming each file that is out of date
// Needs @salon/contracts built (the Kafka topics come from its event contexts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from '../lib/install.mjs';
import { renderAll } from '../lib/deployment.mjs';

const check = process.argv.includes('--check');
let files;
try {
  files = await renderAll();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const stale = [];
for (const [path, content] of Object.entries(files)) {
  const full = join(ROOT, path);
  const current = existsSync(full) ? readFileSync(full, 'utf8') : null;
  if (current === content) continue;
  stale.push(path);
  if (!check) {
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}
if (check && stale.length) {
  console.error(`Out of date (run node infra/bin/deployment.mjs): ${stale.join(', ')}`);
  process.exit(1);
}
console.log(stale.length ? `${check ? 'stale' : 'wrote'}: ${stale.join(', ')}` : 'up to date');
