import { DEV_EVENT_SECRET_KEY } from '@salon/tokens';
import { describe, expect, it } from 'vitest';
import { loadIdentityConfig } from './config.js';

const production = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-chars!' };

describe('identity config', () => {
  it('refuses the public development event key in production, naming the variable', () => {
    expect(() => loadIdentityConfig(production)).toThrow(/EVENT_SECRET_KEY/);
    expect(() => loadIdentityConfig({ ...production, EVENT_SECRET_KEY: DEV_EVENT_SECRET_KEY })).toThrow(/EVENT_SECRET_KEY/);
    expect(loadIdentityConfig({ ...production, EVENT_SECRET_KEY: 'a-real-shared-secret-key' }).EVENT_SECRET_KEY).toBe(
      'a-real-shared-secret-key',
    );
  });

  it('keeps the development key outside production', () => {
    expect(loadIdentityConfig({ NODE_ENV: 'development' }).EVENT_SECRET_KEY).toBe(DEV_EVENT_SECRET_KEY);
  });
});
