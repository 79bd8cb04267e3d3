import 'reflect-metadata';
import type { EventType } from '@salon/contracts';

export const EVENT_HANDLER_METADATA = 'salon:event-handler';

/**
 * Marks a method of a `*.consumer.ts` class as the handler of one event type. It receives
 * `(envelope, manager)` and runs inside the inbox transaction: pass the manager to the use-case.
 */
export const EventHandler =
  (type: EventType): MethodDecorator =>
  (_target, _key, descriptor) => {
    const types: EventType[] = Reflect.getMetadata(EVENT_HANDLER_METADATA, descriptor.value as object) ?? [];
    Reflect.defineMetadata(EVENT_HANDLER_METADATA, [...types, type], descriptor.value as object);
    return descriptor;
  };

export function eventTypesOf(method: unknown): EventType[] {
  return typeof method === 'function' ? (Reflect.getMetadata(EVENT_HANDLER_METADATA, method) ?? []) : [];
}
