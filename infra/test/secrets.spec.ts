import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localSecrets, randomSecrets, SECRETS_FILE } from '../lib/secrets.mjs';

const dir = mkdtempSync(join(tmpdir(), 'salon-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the launcher’s secrets', () => {
  it('are made on first use, kept for the owner only, and the same on the next start', () => {
    const file = join(dir, 'first', 'secrets.json');
    const first = localSecrets({}, file);
    expect(Object.keys(first).sort()).toEqual([
      'EVENT_SECRET_KEY',
      'JWT_SECRET',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'TWILIO_AUTH_TOKEN',
    ]);
    expect(first.STRIPE_SECRET_KEY).toMatch(/^sk_test_[\w-]{32}$/);
    expect(first.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_[\w-]{32}$/);
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(64);
    expect(first.EVENT_SECRET_KEY.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'first')).mode & 0o777).toBe(0o700);
    expect(localSecrets({}, file)).toEqual(first);
  });

  it('differ per installation, and a fresh set each time for tests', () => {
    expect(localSecrets({}, join(dir, 'a.json')).JWT_SECRET).not.toBe(localSecrets({}, join(dir, 'b.json')).JWT_SECRET);
    expect(randomSecrets().JWT_SECRET).not.toBe(randomSecrets().JWT_SECRET);
  });

  it('add an entry that is missing and leave the others', () => {
    const file = join(dir, 'partial.json');
    writeFileSync(file, JSON.stringify({ JWT_SECRET: 'kept-from-an-earlier-start-0123456789abcdef' }));
    const secrets = localSecrets({}, file);
    expect(secrets.JWT_SECRET).toBe('kept-from-an-earlier-start-0123456789abcdef');
    expect(JSON.parse(readFileSync(file, 'utf8')).EVENT_SECRET_KEY).toBe(secrets.EVENT_SECRET_KEY);
  });

  it('give way to a value set in the environment, without writing it down', () => {
    const file = join(dir, 'env.json');
    const secrets = localSecrets({ JWT_SECRET: 'the-operators-own-secret-0123456789abcdef' }, file);
    expect(secrets.JWT_SECRET).toBe('the-operators-own-secret-0123456789abcdef');
    expect(readFileSync(file, 'utf8')).not.toContain('the-operators-own-secret');
  });

  it('live in a file git ignores', () => {
    const gitignore = readFileSync(join(SECRETS_FILE, '..', '..', '.gitignore'), 'utf8').split('\n');
    expect(gitignore).toContain('.local/');
  });
});
