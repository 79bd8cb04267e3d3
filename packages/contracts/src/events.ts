import { z } from 'zod';

/**
 * Domain event envelope (DESIGN §3). Event types read `<context>.<entity>.<past-tense verb>.v<N>`;
 * aggregateId is the partition key so one aggregate's events stay in order.
 */
export const EVENT_TYPE_PATTERN = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*\.v[1-9][0-9]*$/;

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().regex(EVENT_TYPE_PATTERN, 'must read <context>.<entity>.<verb>.v<N>'),
  occurredAt: z.iso.datetime({ offset: true }),
  aggregateType: z.string().min(1),
  aggregateId: z.string().min(1),
  locationId: z.string().nullable(),
  actor: z.object({ type: z.enum(['user', 'system', 'client']), id: z.string().nullable() }),
  traceparent: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});

export type EventEnvelope<P extends Record<string, unknown> = Record<string, unknown>> = Omit<
  z.infer<typeof eventEnvelopeSchema>,
  'payload'
> & { payload: P };

/** Payload schemas per event type; publishers and consumers validate against the same entry. */
export const EVENT_PAYLOADS = {
  'identity.user.created.v1': z.object({ userId: z.string(), role: z.enum(['admin', 'staff', 'client']), email: z.string() }),
  'identity.user.updated.v1': z.object({ userId: z.string(), changed: z.array(z.string()) }),
  'identity.location.changed.v1': z.object({ locationId: z.string(), name: z.string(), timeZone: z.string(), isActive: z.boolean(), isDefault: z.boolean() }),
  'identity.permissions.changed.v1': z.object({ userIds: z.array(z.string()) }),
} as const;

export type EventType = keyof typeof EVENT_PAYLOADS;
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>;
