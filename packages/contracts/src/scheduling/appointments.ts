import { z } from 'zod';
import { instantSchema } from '../rules/dates.js';
import { textSchema } from '../rules/text.js';
import { APPOINTMENT_STATUSES } from '../appointment-lifecycle.js';
import { visitSlotViewSchema } from './availability.js';

/**
 * Scheduling's appointments: the appointment (`/api/appointments`), recurring series
 * (`/api/appointment-series`) and what booking one takes.
 */

export const appointmentSourceSchema = z.enum(['staff', 'online', 'api']);

export const appointmentSegmentViewSchema = z.object({
  position: z.number().int(),
  serviceId: z.string(),
  staffId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});

/**
 * The `service` snapshot an appointment keeps (price and name as booked). A visit of several
 * services keeps each one's own snapshot under `segments`, in the order of the view's `segments`.
 * Readers (retail's checkout) parse it with this schema.
 */
export const appointmentServiceSnapshotSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  segments: z.array(z.object({ id: z.string(), name: z.string(), priceMinor: z.number().int() })).optional(),
});
export type AppointmentServiceSnapshot = z.infer<typeof appointmentServiceSnapshotSchema>;

export const appointmentViewSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  clientId: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  staffId: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  /** The service as it was when booked (price and length snapshot). */
  service: z.record(z.string(), z.unknown()),
  /** Rooms and devices held (staff holds are not listed). */
  resources: z.array(z.object({ kind: z.string(), id: z.string(), slot: z.number().int() })),
  notes: z.string().nullable(),
  cancelReason: z.string().nullable(),
  lateCancel: z.boolean(),
  source: appointmentSourceSchema,
  bookedBy: z.string().nullable(),
  version: z.number().int(),
  /** The recurring series this appointment belongs to, if any. */
  seriesId: z.string().nullable(),
  /** When its checkout closed (retail's retail.ticket.closed.v1); null while unpaid. */
  paidAt: z.string().nullable(),
  /** The visit's services in order (one for a single-service appointment). */
  segments: z.array(appointmentSegmentViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppointmentView = z.infer<typeof appointmentViewSchema>;

/** What one entry of an appointment's change log is about. */
export const APPOINTMENT_CHANGE_KINDS = ['booked', 'time', 'staff', 'length', 'service', 'status', 'cancel-reason', 'notes'] as const;
export type AppointmentChangeKind = (typeof APPOINTMENT_CHANGE_KINDS)[number];

/**
 * One line of an appointment's change log (who did what when), written in the same transaction as
 * the change. `from`/`to` are raw values: ISO times for `time`, staff ids for `staff`, minutes for
 * `length`, service names for `service`, statuses for `status`, text for notes and the cancel reason.
 */
export const appointmentChangeViewSchema = z.object({
  at: z.string(),
  /** The staff user or the signed-in client who made it; null for the online visitor or the system. */
  by: z.string().nullable(),
  byKind: z.enum(['user', 'client', 'system']),
  /** The staff member's name from identity, when known. */
  byName: z.string().nullable(),
  what: z.enum(APPOINTMENT_CHANGE_KINDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type AppointmentChangeView = z.infer<typeof appointmentChangeViewSchema>;

export const seriesViewSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  clientId: z.string(),
  everyWeeks: z.number().int(),
  until: z.string().nullable(),
  count: z.number().int().nullable(),
  firstStartsAt: z.string(),
  timeZone: z.string(),
  services: z.array(z.object({ serviceId: z.string(), staffId: z.string().nullable() })),
  cancelledFrom: z.string().nullable(),
  createdAt: z.string(),
});
export type SeriesView = z.infer<typeof seriesViewSchema>;

/** One date of a series preview: bookable (with its staff) or refused (with why and the nearest free times). */
export const occurrenceViewSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  ok: z.boolean(),
  staffId: z.string().nullable(),
  staffName: z.string().nullable(),
  reason: z.string().nullable(),
  reasons: z.array(z.string()),
  alternatives: z.array(visitSlotViewSchema),
});
export type OccurrenceView = z.infer<typeof occurrenceViewSchema>;

export const visitPartSchema = z.object({ serviceId: z.uuid(), staffId: z.uuid().nullish() }).strict();

/** What is booked: one service (`serviceId`, `staffId?`) or a visit of several in sequence (`services`), not both. */
export const visitFields = {
  locationId: z.uuid(),
  clientId: z.uuid(),
  serviceId: z.uuid().optional(),
  services: z.array(visitPartSchema).min(1).max(5).optional(),
  staffId: z.uuid().nullish(),
  startsAt: instantSchema(),
  notes: textSchema(2000).nullish(),
  source: appointmentSourceSchema.default('api'),
};

/** POST /api/appointments. */
export const bookAppointmentInputSchema = z.object(visitFields).strict();
export type BookAppointmentInput = z.input<typeof bookAppointmentInputSchema>;
