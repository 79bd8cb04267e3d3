import { z } from 'zod';
import { intSchema, moneyMinorSchema } from '../rules/numbers.js';
import { lineSchema, textSchema } from '../rules/text.js';

/**
 * Scheduling's catalogue: services (`/api/services`), rooms and devices (`/api/rooms`, `/api/devices`),
 * and the inputs that create or change them.
 */

export const depositRuleSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fixed'), amountMinor: moneyMinorSchema({ min: 1 }) }),
  z.object({ type: z.literal('percent'), percent: z.number().min(1).max(100) }),
]);
export type DepositRule = z.infer<typeof depositRuleSchema>;

/** A person who performs the service, with their own length and price when they differ. */
export const serviceStaffViewSchema = z.object({
  staffId: z.string(),
  durationMin: z.number().int().nullable(),
  priceMinor: z.number().int().nullable(),
});
export type ServiceStaff = z.infer<typeof serviceStaffViewSchema>;

export const serviceViewSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  durationMin: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
  bufferBeforeMin: z.number().int(),
  bufferAfterMin: z.number().int(),
  /** A gap inside the service (colour developing): the staff member is free, the room stays held. */
  processing: z.object({ startAfterMin: z.number().int(), durationMin: z.number().int() }).nullable(),
  roomType: z.string().nullable(),
  deviceTypes: z.array(z.string()),
  onlineBookable: z.boolean(),
  deposit: depositRuleSchema.nullable(),
  active: z.boolean(),
  staff: z.array(serviceStaffViewSchema),
  version: z.number().int(),
});
export type ServiceView = z.infer<typeof serviceViewSchema>;

export const resourceViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['room', 'device']),
  locationId: z.string(),
  name: z.string(),
  type: z.string(),
  capacity: z.number().int(),
  active: z.boolean(),
});
export type ResourceView = z.infer<typeof resourceViewSchema>;

export const serviceStaffSchema = z.object({
  staffId: z.uuid(),
  durationMin: intSchema({ min: 5, max: 1440 }).nullish(),
  priceMinor: moneyMinorSchema().nullish(),
});

/** POST /api/services, PUT /api/services/{id}. */
export const serviceInputSchema = z
  .object({
    locationId: z.uuid(),
    name: lineSchema(120, { min: 1 }),
    category: lineSchema(80).nullish(),
    description: textSchema(2000).nullish(),
    durationMin: intSchema({ min: 5, max: 1440 }),
    priceMinor: moneyMinorSchema(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
      .default('USD'),
    bufferBeforeMin: intSchema({ min: 0, max: 240 }).default(0),
    bufferAfterMin: intSchema({ min: 0, max: 240 }).default(0),
    processing: z.object({ startAfterMin: intSchema({ min: 0, max: 1440 }), durationMin: intSchema({ min: 5, max: 1440 }) }).nullish(),
    /** The type of a room (resourceInputSchema's `type`), so the same limit. */
    roomType: lineSchema(60, { min: 1 }).nullish(),
    deviceTypes: z
      .array(lineSchema(60, { min: 1 }))
      .max(10)
      .default([]),
    onlineBookable: z.boolean().default(true),
    deposit: depositRuleSchema.nullish(),
    active: z.boolean().default(true),
    staff: z.array(serviceStaffSchema).max(200).default([]),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.processing && s.processing.startAfterMin + s.processing.durationMin >= s.durationMin) {
      ctx.addIssue({ code: 'custom', path: ['processing'], message: 'processing must end before the service does' });
    }
  });
export type ServiceInput = z.infer<typeof serviceInputSchema>;

/** POST /api/rooms | /api/devices, PUT …/{id}. */
export const resourceInputSchema = z
  .object({
    locationId: z.uuid(),
    name: lineSchema(80, { min: 1 }),
    type: lineSchema(60, { min: 1 }),
    capacity: intSchema({ min: 1, max: 100 }).default(1),
    active: z.boolean().default(true),
  })
  .strict();
export type ResourceInput = z.infer<typeof resourceInputSchema>;
