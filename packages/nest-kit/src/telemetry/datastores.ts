import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { tracer, tracingEnabled } from './tracing.js';

/**
 * Spans for PostgreSQL and Redis, the two places a slow request usually spends its time, as
 * bullmq.ts does for jobs: the kit patches the prototypes of the one `pg` and `ioredis` modules of
 * the workspace (TypeORM, BullMQ and the kit all load those copies). A query or command gets a
 * CLIENT span only inside a trace already running (a request, an event, a job), so the relay's
 * polling and the consumers' idle reads add nothing. The SQL is recorded as sent: TypeORM and the
 * repositories pass values as parameters, which are never recorded.
 */
const MAX_STATEMENT = 2_000;
let patched = false;

type Callback = (error: Error | null, result?: unknown) => void;
type QueryFn = (this: unknown, ...args: unknown[]) => unknown;

/** The first keyword of a statement (SELECT, INSERT, WITH, …), the span's operation. */
export function sqlOperation(text: string): string {
  const m = /^\s*(?:--[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*([a-z]+)/i.exec(text);
  return m ? m[1].toUpperCase() : 'QUERY';
}

function activeParent(): boolean {
  return tracingEnabled() && trace.getSpan(context.active()) !== undefined;
}

function finish(span: Span, error: unknown): void {
  if (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
  }
  span.end();
}

function patchPgClient(Client: { prototype: { query: QueryFn } }): void {
  const query = Client.prototype.query;
  Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const database = (this as { database?: string }).database;
    const config = args[0];
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    // A Submittable (a cursor or a stream) has no text here and manages its own lifecycle.
    if (!activeParent() || typeof text !== 'string') return query.apply(this, args);
    const operation = sqlOperation(text);
    const span = tracer().startSpan(`pg ${operation}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system': 'postgresql',
        'db.operation.name': operation,
        'db.query.text': text.length > MAX_STATEMENT ? `${text.slice(0, MAX_STATEMENT)}…` : text,
        ...(database ? { 'db.namespace': database } : {}),
      },
    });
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as Callback;
      args[last] = (error: Error | null, result?: unknown) => {
        finish(span, error);
        callback(error, result);
      };
      return query.apply(this, args);
    }
    const answer = query.apply(this, args) as Promise<unknown> | undefined;
    if (answer && typeof answer.then === 'function')
      answer.then(
        () => finish(span, null),
        (error: unknown) => finish(span, error),
      );
    else finish(span, null);
    return answer;
  };
}

interface CommandLike {
  name: string;
  promise: Promise<unknown>;
}

function patchRedis(Redis: { prototype: { sendCommand: QueryFn } }): void {
  const sendCommand = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function (this: unknown, ...args: unknown[]) {
    const command = args[0] as CommandLike | undefined;
    if (!activeParent() || typeof command?.name !== 'string' || !(command.promise instanceof Promise)) return sendCommand.apply(this, args);
    const operation = command.name.toUpperCase();
    const span = tracer().startSpan(`redis ${operation}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system': 'redis', 'db.operation.name': operation },
    });
    command.promise.then(
      () => finish(span, null),
      (error: unknown) => finish(span, error),
    );
    return sendCommand.apply(this, args);
  };
}

/** Patches pg's Client and ioredis' Redis once per process; a module that is not installed is skipped. */
export async function instrumentDatastores(): Promise<{ pg: boolean; redis: boolean }> {
  if (patched) return { pg: true, redis: true };
  patched = true;
  const pg = await import('pg').then(
    (m) => (m.default ?? m) as unknown as { Client: { prototype: { query: QueryFn } } },
    () => null,
  );
  if (pg) patchPgClient(pg.Client);
  const ioredis = await import('ioredis').then(
    (m) => m.Redis as unknown as { prototype: { sendCommand: QueryFn } },
    () => null,
  );
  if (ioredis) patchRedis(ioredis);
  return { pg: pg !== null, redis: ioredis !== null };
}
