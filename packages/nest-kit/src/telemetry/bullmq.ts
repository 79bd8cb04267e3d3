import { SpanKind } from '@opentelemetry/api';
import { jobDuration, jobsProcessed, watchQueueDepth } from './metrics.js';
import { contextFrom, currentTraceparent, withSpan } from './tracing.js';

/** Where a job's data carries the trace of the request or event that enqueued it. */
export const JOB_TRACE_FIELD = '_traceparent';

interface JobLike {
  name: string;
  id?: string;
  queueName: string;
  data: unknown;
  attemptsMade: number;
}
type AnyFn = (...args: never[]) => unknown;

let patched = false;

/**
 * BullMQ without per-service code: the kit patches the prototypes of the one `bullmq` module the
 * services import (one copy in the workspace), so every `Queue.add` carries the active trace in
 * the job's data, every attempt a Worker makes runs in a CONSUMER span continuing it, attempts
 * are timed and counted by outcome, and every running Worker's queue reports its depth at scrape.
 * A service without BullMQ simply has no module to patch.
 */
export async function instrumentBullmq(): Promise<boolean> {
  if (patched) return true;
  let bull: typeof import('bullmq');
  try {
    bull = await import('bullmq');
  } catch {
    return false;
  }
  patched = true;
  const queueProto = bull.Queue.prototype as unknown as Record<string, AnyFn>;
  const add = queueProto.add as unknown as (this: unknown, name: string, data: unknown, opts?: unknown) => Promise<unknown>;
  queueProto.add = function (this: unknown, name: string, data: unknown, opts?: unknown) {
    return add.call(this, name, withTrace(data), opts);
  } as never;
  const addBulk = queueProto.addBulk as unknown as (this: unknown, jobs: { data: unknown }[]) => Promise<unknown>;
  queueProto.addBulk = function (this: unknown, jobs: { data: unknown }[]) {
    return addBulk.call(
      this,
      jobs.map((j) => ({ ...j, data: withTrace(j.data) })),
    );
  } as never;

  const workerProto = bull.Worker.prototype as unknown as Record<string, AnyFn>;
  const callProcessJob = workerProto.callProcessJob as unknown as (this: unknown, job: JobLike, ...rest: unknown[]) => Promise<unknown>;
  workerProto.callProcessJob = function (this: unknown, job: JobLike, ...rest: unknown[]) {
    const end = jobDuration.startTimer({ queue: job.queueName });
    const traceparent = isRecord(job.data) && typeof job.data[JOB_TRACE_FIELD] === 'string' ? job.data[JOB_TRACE_FIELD] : null;
    return withSpan(
      `${job.queueName} process`,
      {
        kind: SpanKind.CONSUMER,
        parent: contextFrom(traceparent),
        attributes: {
          'messaging.system': 'bullmq',
          'messaging.destination.name': job.queueName,
          'messaging.message.id': job.id ?? '',
          attempt: job.attemptsMade + 1,
        },
      },
      () => callProcessJob.call(this, job, ...rest),
    ).then(
      (result) => {
        end();
        jobsProcessed.inc({ queue: job.queueName, outcome: 'completed' });
        return result;
      },
      (error: unknown) => {
        end();
        jobsProcessed.inc({ queue: job.queueName, outcome: 'failed' });
        throw error;
      },
    );
  } as never;

  const run = workerProto.run as unknown as (this: WorkerLike) => Promise<unknown>;
  const close = workerProto.close as unknown as (this: WorkerLike, ...rest: unknown[]) => Promise<unknown>;
  const depth = new WeakMap<object, { queue: { close(): Promise<void> }; unwatch: () => void }>();
  workerProto.run = function (this: WorkerLike) {
    if (!depth.has(this)) {
      // A Queue handle on the worker's own connection, asked for counts only when scraped.
      const queue = new bull.Queue(this.name, { connection: this.opts.connection as never, prefix: this.opts.prefix });
      depth.set(this, { queue, unwatch: watchQueueDepth(queue as never) });
    }
    return run.call(this);
  } as never;
  workerProto.close = async function (this: WorkerLike, ...rest: unknown[]) {
    const d = depth.get(this);
    depth.delete(this);
    d?.unwatch();
    try {
      return await close.call(this, ...rest);
    } finally {
      await d?.queue.close().catch(() => undefined);
    }
  } as never;
  return true;
}

interface WorkerLike {
  name: string;
  opts: { connection: unknown; prefix?: string };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withTrace(data: unknown): unknown {
  const traceparent = currentTraceparent();
  if (!traceparent || !isRecord(data)) return data;
  return { ...data, [JOB_TRACE_FIELD]: traceparent };
}
