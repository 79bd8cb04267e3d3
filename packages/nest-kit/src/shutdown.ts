import type http from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import type { Logger } from 'pino';

/**
 * Keep-alive connections left alone hold `server.close()` open until their clients drop them:
 * while draining, every response not yet started says `Connection: close`, and connections are
 * closed as soon as they are idle. Call once, right after listen; `start()` when shutting down
 * returns the function that stops the sweep.
 */
export function keepAliveDrain(server: http.Server): { start(): () => void } {
  const unfinished = new Set<http.ServerResponse>();
  let draining = false;
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) res.setHeader('connection', 'close');
    unfinished.add(res);
    res.once('close', () => unfinished.delete(res));
  });
  return {
    start() {
      draining = true;
      for (const res of unfinished) if (!res.headersSent) res.setHeader('connection', 'close');
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      return () => clearInterval(sweep);
    },
  };
}

export interface GracefulExitOptions {
  logger: Logger;
  /** Longest a shutdown may take before the process exits 1 anyway (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** The app's HTTP server, for an API; a worker has none. */
  server?: http.Server;
}

/**
 * SIGTERM/SIGINT, in a pod or a terminal: the app closes (its HTTP server stops taking
 * connections and waits for the requests in flight; event consumers finish the event they are
 * on, BullMQ workers their current job; then the database and Redis connections close), and the
 * process exits 0. Nest's own enableShutdownHooks() does the closing too, but then kills the
 * process with the signal again, so it ends with 143 instead of 0; the two must not both be on.
 */
export function exitGracefullyOnSignals(app: INestApplicationContext, options: GracefulExitOptions): void {
  const drain = options.server ? keepAliveDrain(options.server) : null;
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    options.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      options.logger.error({ active: process.getActiveResourcesInfo() }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, options.timeoutMs);
    force.unref();
    const stopSweep = drain?.start();
    try {
      await app.close();
      stopSweep?.();
      options.logger.info('stopped');
      process.exit(0);
    } catch (error) {
      options.logger.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
