import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_WEB_DIST, loadConfig } from './config.js';

const JWT_SECRET = 'a-test-secret-of-at-least-thirty-two-characters';

describe('loadConfig', () => {
  it('fills every default: this machine only, no proxy trusted', () => {
    const config = loadConfig({ JWT_SECRET });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 4000,
      host: '127.0.0.1',
      trustedProxies: [],
      redis: { url: 'redis://127.0.0.1:6379', keyPrefix: 'salon:' },
      jwt: { secret: JWT_SECRET, issuer: 'salon-identity', audience: 'salon-platform', ttlSeconds: 43_200 },
      webDist: DEFAULT_WEB_DIST,
      serviceUrls: { identity: 'http://127.0.0.1:4001', scheduling: undefined, documents: undefined },
      graphql: { maxDepth: 12, maxAliases: 15, maxCost: 5000, introspection: true },
    });
    expect(DEFAULT_WEB_DIST).toMatch(/web[\\/]dist$/);
  });

  it('reads service URLs and limits, treating empty strings as unset', () => {
    const config = loadConfig({ JWT_SECRET, SCHEDULING_URL: 'http://10.0.0.5:4002/', CLIENTS_URL: '', GRAPHQL_MAX_DEPTH: '8', PORT: '0' });
    expect(config.serviceUrls.scheduling).toBe('http://10.0.0.5:4002');
    expect(config.serviceUrls.clients).toBeUndefined();
    expect(config.graphql.maxDepth).toBe(8);
    expect(config.port).toBe(0);
  });

  it("takes the file store's origin from S3_ENDPOINT (document previews), none without it", () => {
    expect(loadConfig({ JWT_SECRET, S3_ENDPOINT: 'http://127.0.0.1:8008/bucket' }).storageOrigins).toEqual(['http://127.0.0.1:8008']);
    expect(loadConfig({ JWT_SECRET }).storageOrigins).toEqual([]);
  });

  it('names every bad variable', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        REDIS_URL: 'http://x',
        RETAIL_URL: 'retail:4004',
        JWT_SECRET: 'short',
        GRAPHQL_MAX_COST: '-1',
        TRUSTED_PROXIES: '1',
      });
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
        'TRUSTED_PROXIES: "1" is not an address',
      ]) {
        expect(message).toContain(variable);
      }
    }
  });

  it('refuses to start without a JWT secret in every environment, and never takes a published one', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => loadConfig({ NODE_ENV })).toThrow(/JWT_SECRET: is required but not set: `npm start` generates one/);
    }
    expect(() => loadConfig({ JWT_SECRET: 'dev-only-insecure-jwt-secret-change-me-0123456789' })).toThrow(
      'JWT_SECRET: is a value published in this repository',
    );
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-that-is-long-enough-42' });
    expect(config.graphql.introspection).toBe(false);
  });

  it('trusts forwarding headers only from the listed proxies (the ingress)', () => {
    expect(loadConfig({ JWT_SECRET, TRUSTED_PROXIES: '10.0.0.0/8' }).trustedProxies).toEqual(['10.0.0.0/8']);
  });

  it('says when SUPERGRAPH_PATH points nowhere', () => {
    expect(() => loadConfig({ JWT_SECRET, SUPERGRAPH_PATH: '/nonexistent/supergraph.graphql' })).toThrow(
      'SUPERGRAPH_PATH: file does not exist',
    );
  });
});
