import { afterAll } from 'vitest';
import { testRedisPrefix } from '../testing/test-database.js';
import { deleteRedisKeys } from './event-fixtures.js';
import { RedisStreamsTransport } from './redis-streams.transport.js';
import { runTransportContract } from './transport-contract.suite.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisRun = testRedisPrefix('events');
afterAll(() => deleteRedisKeys(REDIS_URL, redisRun));
runTransportContract(
  'redis streams',
  (namespace) =>
    new RedisStreamsTransport({
      url: REDIS_URL,
      prefix: `${redisRun}${namespace}:`,
      retryBaseMs: 5,
      retryMaxMs: 50,
      leaseMs: 1_500,
      blockMs: 1_000,
    }),
);
