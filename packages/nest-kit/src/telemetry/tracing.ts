import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type TextMapGetter,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace';

/**
 * Tracing for every process of the platform, without per-service code: the kit starts it from
 * `createLogger` (which every API, worker and the gateway call first) when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Otherwise nothing is registered and every span below is the
 * API's no-op span: a few property reads per request, no allocation of span data, no export.
 *
 * Spans are made at the hops that carry a trace between processes (HTTP in and out, outbox, event
 * bus, BullMQ) rather than by the require-hooking auto-instrumentations, which need an ESM loader
 * flag on every `node` command line to see these ESM services at all.
 */
export const TRACER_NAME = '@salon/nest-kit';
let provider: TracerProvider | null = null;
let channelsOn = false;

export function tracer() {
  return trace.getTracer(TRACER_NAME);
}

export function tracingEnabled(): boolean {
  return provider !== null;
}

/**
 * Starts tracing once per process. `exporter`/`processor` are for tests (an in-memory exporter);
 * production reads the OTEL_* variables (endpoint, protocol http/json or http/protobuf, headers).
 */
export function startTracing(
  serviceName: string,
  options: { exporter?: SpanExporter; processor?: SpanProcessor; env?: NodeJS.ProcessEnv } = {},
): boolean {
  const env = options.env ?? process.env;
  if (provider) return true;
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (!endpoint && !options.exporter && !options.processor) return false;
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  const processor =
    options.processor ?? new BatchSpanProcessor({ exporter: options.exporter ?? new OTLPTraceExporter(), scheduledDelayMillis: 500 });
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || serviceName }),
    spanProcessors: [processor],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  subscribeHttpClientChannels();
  return true;
}

/** Flushes what is buffered (shutdown calls it so the last spans are not lost). */
export async function stopTracing(): Promise<void> {
  const p = provider;
  if (!p) return;
  provider = null;
  await p.shutdown().catch(() => undefined);
  trace.disable();
  context.disable();
  propagation.disable();
}

export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

/** The active span's W3C traceparent, for an outbox row, an event header or a job's data. */
export function currentTraceparent(ctx: Context = context.active()): string | null {
  if (!provider) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent ?? null;
}

export function currentTraceId(): string | undefined {
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const id = span.spanContext().traceId;
  return id === '00000000000000000000000000000000' ? undefined : id;
}

/** pino `mixin`: the active trace's id on every log line written inside it. */
export function traceMixin(): Record<string, string> {
  const traceId = currentTraceId();
  return traceId ? { trace_id: traceId } : {};
}

const headerGetter: TextMapGetter<Record<string, string | string[] | undefined>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key],
};

/** The context a traceparent (header, envelope field, job data) continues. */
export function contextFrom(traceparent: string | null | undefined, base: Context = ROOT_CONTEXT): Context {
  if (!provider || !traceparent) return base;
  return propagation.extract(base, { traceparent }, headerGetter);
}

/**
 * Runs `fn` in a span. With tracing off it is a plain call (plus one boolean test), so hot paths
 * (consumers, the relay) cost nothing extra.
 */
export async function withSpan<T>(
  name: string,
  options: { kind?: SpanKind; parent?: Context; attributes?: Record<string, string | number | boolean> },
  fn: (span: Span | null) => Promise<T>,
): Promise<T> {
  if (!provider) return fn(null);
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * Express middleware: a SERVER span per request continuing the caller's traceparent (the browser,
 * the gateway, another service), named by the matched route once it is known. Mounted first.
 */
export function tracingMiddleware() {
  return (req: IncomingMessage & { route?: { path?: string }; baseUrl?: string }, res: ServerResponse, next: () => void) => {
    if (!provider) return next();
    const parent = propagation.extract(ROOT_CONTEXT, req.headers, headerGetter);
    const span = tracer().startSpan(
      `${req.method} ${(req.url ?? '').split('?')[0]}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method ?? '', 'url.path': (req.url ?? '').split('?')[0] } },
      parent,
    );
    res.once('finish', () => {
      const route = req.route?.path ? `${req.baseUrl ?? ''}${req.route.path}` : undefined;
      if (route) {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    res.once('close', () => span.end());
    (req as { traceId?: string }).traceId = span.spanContext().traceId;
    // A proxy that forwards the incoming headers (the gateway's REST facade) then names this span
    // as the parent even where its own outgoing request is made outside the request's context.
    const own: Record<string, string> = {};
    propagation.inject(trace.setSpan(parent, span), own);
    if (own.traceparent) req.headers.traceparent = own.traceparent;
    context.with(trace.setSpan(parent, span), next);
  };
}

/**
 * CLIENT spans for outgoing HTTP, with traceparent added to the request: node:http (the Twilio and
 * AWS SDKs) and fetch (the gateway's subgraph calls, the peers). Diagnostics channels run in the
 * caller's async context, so the span's parent is whatever span was active when the call was made.
 */
function subscribeHttpClientChannels(): void {
  if (channelsOn) return;
  channelsOn = true;
  diagnostics.subscribe('http.client.request.start', (message) => {
    if (!provider) return;
    const { request } = message as { request: ClientRequest };
    const parent = context.active();
    if (!trace.getSpan(parent)) return; // not part of a trace (a health probe, a background poll)
    const host = request.getHeader('host') ?? request.host;
    const span = tracer().startSpan(
      `${request.method} ${String(host)}`,
      {
        kind: SpanKind.CLIENT,
        attributes: { 'http.request.method': request.method, 'server.address': String(host), 'url.path': request.path.split('?')[0] },
      },
      parent,
    );
    try {
      const carrier: Record<string, string> = {};
      propagation.inject(trace.setSpan(parent, span), carrier);
      for (const [k, v] of Object.entries(carrier)) if (!request.headersSent) request.setHeader(k, v);
    } catch {
      // headers already flushed (Expect: 100-continue): the span still records the call
    }
    request.once('response', (response: IncomingMessage) => {
      span.setAttribute('http.response.status_code', response.statusCode ?? 0);
      if ((response.statusCode ?? 0) >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    });
    request.once('error', (error) => {
      span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    });
    request.once('close', () => span.end());
  });
  const fetchSpans = new WeakMap<object, Span>();
  diagnostics.subscribe('undici:request:create', (message) => {
    if (!provider) return;
    const { request } = message as { request: { method: string; origin: string; path: string; addHeader(k: string, v: string): void } };
    const parent = context.active();
    if (!trace.getSpan(parent)) return;
    const span = tracer().startSpan(
      `${request.method} ${request.origin}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': request.method,
          'server.address': String(request.origin),
          'url.path': request.path.split('?')[0],
        },
      },
      parent,
    );
    const carrier: Record<string, string> = {};
    propagation.inject(trace.setSpan(parent, span), carrier);
    for (const [k, v] of Object.entries(carrier)) request.addHeader(k, v);
    fetchSpans.set(request, span);
  });
  diagnostics.subscribe('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    const span = fetchSpans.get(request);
    span?.setAttribute('http.response.status_code', response.statusCode);
    if (span && response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  });
  const end = (message: unknown) => {
    const { request, error } = message as { request: object; error?: Error };
    const span = fetchSpans.get(request);
    if (!span) return;
    fetchSpans.delete(request);
    if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    span.end();
  };
  diagnostics.subscribe('undici:request:trailers', end);
  diagnostics.subscribe('undici:request:error', end);
}

export { SpanKind, context as otelContext };
