import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigSchema, ConfigError, loadConfig } from './config.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const minimal = { DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: SECRET };

describe('loadConfig', () => {
  it('fills defaults: local-only binding, the gateway on loopback as the one trusted proxy', () => {
    const config = loadConfig(baseConfigSchema, minimal);
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.TRUSTED_PROXIES).toEqual(['loopback']);
  });
  it('names every bad variable', () => {
    try {
      loadConfig(baseConfigSchema, { ...minimal, DATABASE_URL: 'mysql://x/y', JWT_TTL_SECONDS: 'soon', TRUSTED_PROXIES: 'loopback,1' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
      expect(message).toContain('JWT_TTL_SECONDS');
      expect(message).toContain('TRUSTED_PROXIES: "1" is not an address');
    }
  });
  it('says a required variable is not set', () => {
    expect(() => loadConfig(baseConfigSchema, { JWT_SECRET: SECRET })).toThrow('DATABASE_URL: is required but not set');
  });
  it('refuses to start without a JWT secret, in every environment, saying where one comes from', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => loadConfig(baseConfigSchema, { DATABASE_URL: 'postgres://u@h/db', NODE_ENV })).toThrow(
        /JWT_SECRET: is required but not set.*\.local\/secrets\.json/,
      );
    }
  });
  it('refuses a secret this repository once published as a default', () => {
    expect(() => loadConfig(baseConfigSchema, { ...minimal, JWT_SECRET: 'dev-only-insecure-jwt-secret-change-me-0123456789' })).toThrow(
      'JWT_SECRET: is a value published in this repository',
    );
  });
  it('reads TRUSTED_PROXIES, empty meaning nobody', () => {
    expect(loadConfig(baseConfigSchema, { ...minimal, TRUSTED_PROXIES: '10.0.0.0/8, loopback' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(loadConfig(baseConfigSchema, { ...minimal, TRUSTED_PROXIES: '' }).TRUSTED_PROXIES).toEqual([]);
  });
  it('accepts a service extension', () => {
    const schema = z.object({ PORT: z.coerce.number().default(4001) });
    expect(loadConfig(schema, { PORT: '5000' }).PORT).toBe(5000);
  });
});
