import { Router } from 'express';
import type { Redis } from 'ioredis';
import type { GraphqlGateway } from './graphql-gateway.js';

type Check = { status: 'up' } | { status: 'down'; error: string };

const PING_TIMEOUT_MS = 1000;

async function pingRedis(redis: Redis): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
    });
    const answer = await Promise.race([redis.ping(), timeout]);
    return answer === 'PONG' ? { status: 'up' } : { status: 'down', error: `unexpected answer ${answer}` };
  } catch (error) {
    return { status: 'down', error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/health/live`: the process answers (Kubernetes liveness).
 * `/health/ready`: Redis answers (token revocation depends on it) and a supergraph is loaded
 * (Kubernetes readiness); 503 names the failing check.
 */
export function healthController(redis: Redis, graphql: GraphqlGateway): Router {
  const router = Router();
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/health/ready', async (_req, res) => {
    const supergraph = graphql.getStatus();
    const checks: Record<string, Check & Record<string, unknown>> = {
      redis: await pingRedis(redis),
      supergraph: supergraph.loaded
        ? { status: 'up', source: supergraph.source, loadedAt: supergraph.loadedAt }
        : { status: 'down', error: supergraph.lastError ?? 'not loaded yet', source: supergraph.source },
    };
    const failed = Object.entries(checks)
      .filter(([, check]) => check.status === 'down')
      .map(([name]) => name);
    res.setHeader('cache-control', 'no-store');
    if (failed.length) res.status(503).json({ status: 'error', failed, checks });
    else res.json({ status: 'ok', checks });
  });
  return router;
}
