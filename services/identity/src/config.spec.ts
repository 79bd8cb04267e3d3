import { describe, expect, it } from 'vitest';
import { loadIdentityConfig } from './config.js';

const secrets = { JWT_SECRET: 'a-production-secret-of-at-least-32-chars!', EVENT_SECRET_KEY: 'a-real-shared-secret-key' };

describe('identity config', () => {
  it('refuses to start without its secrets in any environment, saying where they come from', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => loadIdentityConfig({ NODE_ENV })).toThrow(/JWT_SECRET: is required but not set: `npm start` generates one/);
      expect(() => loadIdentityConfig({ NODE_ENV, JWT_SECRET: secrets.JWT_SECRET })).toThrow(/EVENT_SECRET_KEY: is required but not set/);
    }
  });

  it('refuses the event key this repository once published as the development default', () => {
    expect(() => loadIdentityConfig({ ...secrets, EVENT_SECRET_KEY: 'dev-only-insecure-event-secret-key-change-me' })).toThrow(
      /EVENT_SECRET_KEY: is a value published in this repository/,
    );
  });

  it('takes the secrets it is given and listens on this machine only by default', () => {
    const config = loadIdentityConfig({ NODE_ENV: 'production', ...secrets });
    expect(config.EVENT_SECRET_KEY).toBe(secrets.EVENT_SECRET_KEY);
    expect(config.HOST).toBe('127.0.0.1');
  });
});
