import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigSchema, ConfigError, DEV_JWT_SECRET, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('fills defaults', () => {
    const config = loadConfig(baseConfigSchema, { DATABASE_URL: 'postgres://u@h/db' });
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.JWT_SECRET).toBe(DEV_JWT_SECRET);
  });
  it('names every bad variable', () => {
    try {
      loadConfig(baseConfigSchema, { DATABASE_URL: 'mysql://x/y', JWT_TTL_SECONDS: 'soon' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
      expect(message).toContain('JWT_TTL_SECONDS');
    }
  });
  it('says a required variable is not set', () => {
    expect(() => loadConfig(baseConfigSchema, {})).toThrow('DATABASE_URL: is required but not set');
  });
  it('refuses the development secret in production', () => {
    expect(() => loadConfig(baseConfigSchema, { DATABASE_URL: 'postgres://u@h/db', NODE_ENV: 'production' })).toThrow(
      'JWT_SECRET: must be set to a secret of your own in production',
    );
  });
  it('accepts a service extension', () => {
    const schema = z.object({ PORT: z.coerce.number().default(4001) });
    expect(loadConfig(schema, { PORT: '5000' }).PORT).toBe(5000);
  });
});
