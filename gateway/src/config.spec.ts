import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_WEB_DIST, DEV_JWT_SECRET, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('fills every default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 4000,
      host: '0.0.0.0',
      redis: { url: 'redis://127.0.0.1:6379', keyPrefix: 'salon:' },
      jwt: { secret: DEV_JWT_SECRET, issuer: 'salon-identity', audience: 'salon-platform', ttlSeconds: 43_200, usingDevSecret: true },
      webDist: DEFAULT_WEB_DIST,
      serviceUrls: { identity: 'http://127.0.0.1:4001', scheduling: undefined, documents: undefined },
      graphql: { maxDepth: 12, maxAliases: 15, maxCost: 5000, introspection: true },
    });
    expect(DEFAULT_WEB_DIST).toMatch(/web[\\/]dist$/);
  });

  it('reads service URLs and limits, treating empty strings as unset', () => {
    const config = loadConfig({ SCHEDULING_URL: 'http://10.0.0.5:4002/', CLIENTS_URL: '', GRAPHQL_MAX_DEPTH: '8', PORT: '0' });
    expect(config.serviceUrls.scheduling).toBe('http://10.0.0.5:4002');
    expect(config.serviceUrls.clients).toBeUndefined();
    expect(config.graphql.maxDepth).toBe(8);
    expect(config.port).toBe(0);
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', REDIS_URL: 'http://x', RETAIL_URL: 'retail:4004', JWT_SECRET: 'short', GRAPHQL_MAX_COST: '-1' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const variable of [
        'PORT',
        'REDIS_URL: must be a redis:// URL',
        'RETAIL_URL: must be an http:// or https:// URL of the retail service',
        'JWT_SECRET: must be at least 32 characters',
        'GRAPHQL_MAX_COST',
      ]) {
        expect(message).toContain(variable);
      }
    }
  });

  it('refuses a missing or development JWT secret in production and turns introspection off', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('JWT_SECRET: must be set to a secret of your own');
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: DEV_JWT_SECRET })).toThrow('JWT_SECRET');
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-that-is-long-enough-42' });
    expect(config.graphql.introspection).toBe(false);
    expect(config.jwt.usingDevSecret).toBe(false);
  });

  it('says when SUPERGRAPH_PATH points nowhere', () => {
    expect(() => loadConfig({ SUPERGRAPH_PATH: '/nonexistent/supergraph.graphql' })).toThrow('SUPERGRAPH_PATH: file does not exist');
  });
});
