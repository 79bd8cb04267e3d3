import { existsSync } from 'node:fs';
import { aptInstall } from './apt.mjs';

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
  if (!aptInstall(['chromium'], 'the browser tests')) {
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
