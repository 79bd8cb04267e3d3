// Uses Node built-ins only: it runs before the project's dependencies exist.
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { existsSync } from 'node:fs';

/** The first of `names` on PATH, or null. */
export function which(...names) {
  for (const name of names)
    for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) if (existsSync(join(dir, name))) return join(dir, name);
  return null;
}

/**
 * Installs Debian packages the tests need (chromium, librdkafka-dev, a C compiler) with apt-get:
 * as root directly, otherwise through `sudo -n` (never a password prompt). Waits for another
 * apt-get holding the lock instead of failing, and reads the package lists only when the first
 * try cannot find a package. Returns false when it could not install them.
 */
export function aptInstall(packages, why) {
  console.log(`› Installing ${packages.join(', ')} for ${why} (apt-get install)…`);
  const prefix = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const apt = (args) => {
    const [cmd, ...rest] = [...prefix, 'apt-get', '-o', 'DPkg::Lock::Timeout=300', ...args];
    return spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  };
  const install = () => apt(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
  return install() || (apt(['update', '-qq']) && install());
}
