#!/usr/bin/env node
// What infra/docker/Dockerfile puts on top of the Node base image, measured without a Docker
// engine: the same steps (turbo prune, npm ci --omit=dev of the one workspace, the same clean-up,
// each workspace's package.json and dist/) into a temporary directory, then its size on disk and
// gzipped (as a registry stores a layer). Build the workspaces first (npx turbo run build).
//   node infra/bin/image-size.mjs identity [gateway …] [--keep]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ROOT } from '../lib/install.mjs';
import { GATEWAY, packageOf } from '../lib/deployment.mjs';
import { SERVICES } from '../lib/platform.mjs';

const run = (cmd, args, cwd) => {
  const result = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
};
const du = (path) => Number(run('du', ['-sb', path]).split('\t')[0]);
const gz = (path) => Number(run('sh', ['-c', `tar -C "${path}" -cf - . | gzip -6 | wc -c`]).trim());
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

function manifests(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) manifests(path, found);
    else if (entry.name === 'package.json') found.push(path);
  }
  return found;
}

const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
for (const name of names.length ? names : ['identity']) {
  const service = name === 'gateway' ? GATEWAY : SERVICES.find((s) => s.name === name);
  if (!service) throw new Error(`unknown workspace ${name}`);
  const pkg = service.package ?? packageOf(service);
  const work = mkdtempSync(join(tmpdir(), `image-${name}-`));
  const pruned = join(work, 'pruned');
  const image = join(work, 'app');
  run('npx', ['turbo', 'prune', pkg, ...(name === 'gateway' ? ['@salon/web'] : []), '--docker', '--out-dir', pruned], ROOT);
  cpSync(join(pruned, 'json'), image, { recursive: true });
  run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', `--workspace=${pkg}`], image);
  const before = du(join(image, 'node_modules'));
  run(
    'sh',
    [
      '-c',
      `find . -path '*/node_modules/*' -type f \\( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' -o -name '*.ts' -o -iname '*.md' \\) -delete && rm -rf node_modules/typescript`,
    ],
    image,
  );
  const deps = du(join(image, 'node_modules'));
  for (const manifest of manifests(join(pruned, 'full'))) {
    const dir = relative(join(pruned, 'full'), dirname(manifest));
    if (!dir) continue;
    const built = join(ROOT, dir, 'dist');
    if (existsSync(built)) cpSync(built, join(image, dir, 'dist'), { recursive: true });
    else cpSync(join(ROOT, dir), join(image, dir), { recursive: true, filter: (p) => !/\/(node_modules|test)(\/|$)/.test(p) });
  }
  const total = du(image);
  console.log(
    `${name}: app layers ${mb(total)} on disk, ${mb(gz(image))} gzipped; node_modules ${mb(before)} after npm ci --omit=dev, ${mb(deps)} after the clean-up; code ${mb(total - deps)}` +
      (process.argv.includes('--keep') ? ` (kept in ${image})` : ''),
  );
  if (!process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
}
