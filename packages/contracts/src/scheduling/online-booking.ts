import { z } from 'zod';

/**
 * The public online booking API (`/api/online-booking`) and the booking page's design
 * (`/api/booking-design`), shared by the scheduling service that answers it and the web page that calls it.
 */

/** How the public page looks (the part of the design visitors receive). */
export const bookingLookSchema = z.object({
  primaryColor: z.string(),
  backgroundColor: z.string(),
  logoUrl: z.string().nullable(),
  headline: z.string().nullable(),
  intro: z.string().nullable(),
  policies: z.string().nullable(),
  allowAnyStaff: z.boolean(),
});
export type BookingLook = z.infer<typeof bookingLookSchema>;

/** The whole design, as the owner edits it on /booking-design. */
export const bookingDesignViewSchema = bookingLookSchema.extend({
  /** null: every active, online-bookable service; otherwise only these. */
  offeredServiceIds: z.array(z.string()).nullable(),
  /** null: everyone who performs the service; otherwise only these people. */
  offeredStaffIds: z.array(z.string()).nullable(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type BookingDesignView = z.infer<typeof bookingDesignViewSchema>;

export const publicLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});
export type PublicLocation = z.infer<typeof publicLocationSchema>;

export const publicServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  durationMin: z.number().int(),
  priceMinor: z.number().int(),
  /** Highest per-staff price when people charge differently ("from $45"). */
  maxPriceMinor: z.number().int(),
  currency: z.string(),
  staff: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PublicService = z.infer<typeof publicServiceSchema>;

export const bookedAppointmentSchema = z.object({
  id: z.string(),
  status: z.string(),
  serviceId: z.string(),
  staffId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  serviceName: z.string(),
  staffName: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  locationId: z.string(),
});
export type BookedAppointment = z.infer<typeof bookedAppointmentSchema>;

export const bookingConfirmationSchema = z.object({
  appointment: bookedAppointmentSchema,
  policies: z.string().nullable(),
  clientCreated: z.boolean(),
});
export type BookingConfirmation = z.infer<typeof bookingConfirmationSchema>;

/** A signed-in client's own appointment, with whether it may still be changed online and why not. */
export const myAppointmentSchema = bookedAppointmentSchema.extend({
  canChange: z.boolean(),
  changeBlockedReason: z.string().nullable(),
});
export type MyAppointment = z.infer<typeof myAppointmentSchema>;
