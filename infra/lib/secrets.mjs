// Uses Node built-ins only. The platform's shared secrets on one machine: no process has a default
// for them (a default would be in the source, so anyone could sign tokens that every installation
// accepts), so the launchers hand every process its values through the environment.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './install.mjs';

/** Where `npm start` keeps this installation's secrets (git-ignored, readable by its owner only). */
export const SECRETS_FILE = join(ROOT, '.local', 'secrets.json');

/** Each shared secret and how a fresh one is made. */
const GENERATORS = {
  /** Signs and verifies access tokens (identity, every service, the gateway). */
  JWT_SECRET: () => randomBytes(48).toString('base64url'),
  /** Seals reset tokens, codes and offer links inside events (identity, scheduling → messaging). */
  EVENT_SECRET_KEY: () => randomBytes(32).toString('base64url'),
  /** Twilio's auth token: the local Twilio peer and messaging's webhook check share it. */
  TWILIO_AUTH_TOKEN: () => randomBytes(16).toString('hex'),
  /** Stripe's secret API key: retail's SDK and the local Stripe peer share it (a real one is given in the environment). */
  STRIPE_SECRET_KEY: () => `sk_test_${randomBytes(24).toString('base64url')}`,
  /** Signs Stripe's webhooks: the local peer signs with it, retail's webhook checks it. */
  STRIPE_WEBHOOK_SECRET: () => `whsec_${randomBytes(24).toString('base64url')}`,
};

export const SECRET_NAMES = Object.keys(GENERATORS);

/** A fresh set, kept nowhere: tests, the browser walk and the bench. */
export function randomSecrets() {
  return Object.fromEntries(Object.entries(GENERATORS).map(([name, make]) => [name, make()]));
}

/**
 * This installation's secrets: read from `file`, created on first use (any missing entry is added),
 * the file and its folder readable by the owner only. A value already in `env` wins and is not
 * written down (an operator's own secret stays where the operator keeps it).
 */
export function localSecrets(env = process.env, file = SECRETS_FILE) {
  let stored = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file} is not valid JSON (${error.message}); delete it to generate new secrets (signed-in users sign in again)`, {
        cause: error,
      });
    }
  }
  const missing = SECRET_NAMES.filter((name) => typeof stored[name] !== 'string' || stored[name].length === 0);
  if (missing.length) {
    for (const name of missing) stored[name] = GENERATORS[name]();
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, file);
  }
  chmodSync(file, 0o600);
  return Object.fromEntries(SECRET_NAMES.map((name) => [name, env[name] || stored[name]]));
}
