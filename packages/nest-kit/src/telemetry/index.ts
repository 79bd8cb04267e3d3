import { instrumentBullmq } from './bullmq.js';
import { instrumentDatastores } from './datastores.js';
import { startMetrics } from './metrics.js';
import { startTracing } from './tracing.js';

export * from './tracing.js';
export * from './metrics.js';
export * from './bullmq.js';
export * from './datastores.js';
export * from './graphql-metrics.js';

let started: string | null = null;

/**
 * Everything a process needs, once, from the first logger it makes (services' main.ts and
 * worker.ts, the gateway): the service label on metrics, tracing when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set (with spans for SQL and Redis commands inside a trace), and the BullMQ hooks. Nothing
 * to call per service.
 */
export function startTelemetry(service: string): void {
  if (started) return;
  started = service;
  startMetrics(service);
  if (startTracing(service)) void instrumentDatastores();
  void instrumentBullmq();
}
