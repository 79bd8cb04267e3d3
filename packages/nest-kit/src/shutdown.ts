import { writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import type { Logger } from 'pino';
import { startMetricsServer } from './telemetry/metrics.js';
import { stopTracing } from './telemetry/tracing.js';

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
  const stopHeartbeat = startHeartbeat(process.env.HEARTBEAT_FILE);
  // A worker has no port: METRICS_PORT gives it one for Prometheus (and nothing else).
  const metricsPort = !options.server && process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : null;
  const metricsServer =
    metricsPort !== null && Number.isInteger(metricsPort)
      ? startMetricsServer(metricsPort, process.env.HOST || '127.0.0.1').then(
          (s) => {
            options.logger.info({ port: s.port }, 'metrics on /metrics');
            return s;
          },
          (error: unknown) => {
            options.logger.error({ err: error }, 'metrics port could not be opened');
            return null;
          },
        )
      : null;
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
    stopHeartbeat();
    try {
      await app.close();
      stopSweep?.();
      await (await metricsServer)?.close();
      await stopTracing(); // exports the spans still buffered
      options.logger.info('stopped');
      process.exit(0);
    } catch (error) {
      options.logger.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  exitWithParent(() => void shutdown('SIGTERM'));
}

/**
 * EXIT_WITH_PARENT=1 (set by infra/lib/platform.mjs for the processes it starts): the process
 * shuts down when its standard input ends, which happens when the process that started it is gone,
 * even killed outright. A test whose setup timed out while the platform was starting has no
 * handle to stop it; without this its services would keep their ports and database connections.
 */
export function exitWithParent(stop: () => void): void {
  if (process.env.EXIT_WITH_PARENT !== '1') return;
  process.stdin.once('end', stop);
  process.stdin.resume();
}

/**
 * A worker has no port for a probe to ask. With HEARTBEAT_FILE set (the container images' worker
 * commands set it), the file's modification time is renewed every 5 s by a timer on the event
 * loop, so a probe (infra/docker/probe.mjs) that finds it stale knows the loop is stuck or the
 * process is gone. It stops with the shutdown: a stopping worker is not "alive" for a new start.
 */
export function startHeartbeat(path: string | undefined, intervalMs = 5000): () => void {
  if (!path) return () => {};
  const beat = () => {
    try {
      writeFileSync(path, String(Date.now()));
    } catch {
      // a read-only or missing directory: the probe reports the stale file, which says why
    }
  };
  beat();
  const timer = setInterval(beat, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
