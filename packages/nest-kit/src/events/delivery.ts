import { parseEvent, type EventEnvelope } from '@salon/contracts';
import { safeErrorMessage } from '../logging/error-log.js';

/** Exponential backoff with a little jitter, so retries of many consumers do not line up. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp * (0.8 + Math.random() * 0.4));
}

/** A sleep that a stop can cut short. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** A failed handler's error as dead letters and the outbox store it: a database error without its values. */
export function errorMessage(error: unknown): string {
  return safeErrorMessage(error);
}

export type Outcome =
  { kind: 'handled' } | { kind: 'dead'; error: string; attempts: number; envelope: EventEnvelope | null } | { kind: 'abandoned' };

/**
 * The delivery rules both transports share: validate before the handler (an invalid envelope is
 * dead-lettered at once: retrying cannot fix it), retry a failing handler with backoff, give up
 * after maxAttempts, and never acknowledge an event whose handler was cut off by a stop.
 */
export async function deliver(
  raw: string,
  handle: (envelope: EventEnvelope) => Promise<void>,
  options: { maxAttempts: number; retryBaseMs: number; retryMaxMs: number; abort: AbortSignal },
): Promise<Outcome> {
  let envelope: EventEnvelope;
  try {
    envelope = parseEvent(JSON.parse(raw));
  } catch (error) {
    return { kind: 'dead', error: errorMessage(error), attempts: 1, envelope: null };
  }
  let onAbort = () => undefined as void;
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    if (options.abort.aborted) onAbort();
    options.abort.addEventListener('abort', onAbort, { once: true });
  });
  try {
    for (let attempt = 1; ; attempt++) {
      if (options.abort.aborted) return { kind: 'abandoned' };
      try {
        const result = await Promise.race([handle(envelope).then(() => 'done' as const), aborted]);
        return result === 'aborted' ? { kind: 'abandoned' } : { kind: 'handled' };
      } catch (error) {
        if (attempt >= options.maxAttempts) return { kind: 'dead', error: errorMessage(error), attempts: attempt, envelope };
        await sleep(backoffMs(attempt, options.retryBaseMs, options.retryMaxMs), options.abort);
      }
    }
  } finally {
    options.abort.removeEventListener('abort', onAbort);
  }
}

/** Fields of a dead letter that come from the event itself, tolerant of an unparsable one. */
export function describeRaw(raw: string): {
  eventId: string | null;
  type: string | null;
  aggregateType: string | null;
  aggregateId: string | null;
} {
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    return { eventId: str(value.id), type: str(value.type), aggregateType: str(value.aggregateType), aggregateId: str(value.aggregateId) };
  } catch {
    return { eventId: null, type: null, aggregateType: null, aggregateId: null };
  }
}
