import 'reflect-metadata';
import type { EventEnvelope, EventType } from '@salon/contracts';

export const EVENT_HANDLER_METADATA = 'salon:event-handler';

export interface EventHandlerOptions {
  /**
   * Also receive history (envelopes marked `history`: facts of the past written after the fact,
   * such as the demo seed's). Only projections say so; a handler that acts (a message, an offer, a
   * form, a charge) never sees history.
   */
  history?: boolean;
}

export interface EventHandlerBinding {
  type: EventType;
  history: boolean;
}

/**
 * Marks a method of a `*.consumer.ts` class as the handler of one event type. It receives
 * `(envelope, manager)` and runs inside the inbox transaction: pass the manager to the use-case.
 */
export const EventHandler =
  (type: EventType, options: EventHandlerOptions = {}): MethodDecorator =>
  (_target, _key, descriptor) => {
    const bindings: EventHandlerBinding[] = Reflect.getMetadata(EVENT_HANDLER_METADATA, descriptor.value as object) ?? [];
    Reflect.defineMetadata(EVENT_HANDLER_METADATA, [...bindings, { type, history: options.history === true }], descriptor.value as object);
    return descriptor;
  };

export function eventHandlersOf(method: unknown): EventHandlerBinding[] {
  return typeof method === 'function' ? (Reflect.getMetadata(EVENT_HANDLER_METADATA, method) ?? []) : [];
}

/** Whether a handler bound this way runs for the envelope: history only reaches those that project it. */
export function receives(binding: Pick<EventHandlerBinding, 'history'>, envelope: Pick<EventEnvelope, 'history'>): boolean {
  return envelope.history !== true || binding.history;
}
