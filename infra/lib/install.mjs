// Uses Node built-ins only: it runs before the project's dependencies exist.
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/**
 * The environment for a child that finds `node` on PATH (npm, npx, turbo's `npm run build`): the
 * Node running this launcher comes first, so `PATH=<other node>/bin:$PATH npm test` and
 * `/path/to/node infra/bin/test.mjs` run every step on that one Node. PATH is left as it is when
 * its first `node` already is this one (the usual case).
 */
export function withThisNode(env = process.env) {
  const self = realpathSync(process.execPath);
  const entries = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of entries) {
    const candidate = join(dir, 'node');
    if (!existsSync(candidate)) continue;
    if (realpathSync(candidate) === self) return env;
    break;
  }
  return { ...env, PATH: [dirname(process.execPath), ...entries].join(delimiter) };
}

/** Installs the dependencies with `npm ci` when they are missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('› Installing dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit', env: withThisNode() });
  if (result.status !== 0) {
    console.error('✗ npm ci failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

/** Runs a command in the repo, streaming its output; exits the process if it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options, env: withThisNode(options.env ?? process.env) });
  if (result.status !== 0) {
    console.error(`✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/** Builds every workspace through turbo (cached: a second start rebuilds nothing). */
export function buildAll() {
  console.log('› Building (turbo)…');
  run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only', '--log-order=grouped'], {
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  });
}
