import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Debian's chromium drives the browser tests (a test tool's own browser download cannot work
 * here). Installed with apt when missing; CHROMIUM_PATH points elsewhere if you have one.
 */
export function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH=${configured} does not exist`);
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  console.log('› Installing Chromium for the browser tests (apt-get install chromium)…');
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const apt = (args) => {
    const [cmd, ...rest] = [...prefix, 'apt-get', ...args];
    return spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  };
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium'])) {
    throw new Error('Could not install chromium with apt-get; install the Debian package `chromium` or set CHROMIUM_PATH');
  }
  const installed = CANDIDATES.find((p) => existsSync(p));
  if (!installed) throw new Error('apt-get installed chromium but no binary was found at /usr/bin/chromium');
  return installed;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];
