import { z } from 'zod';
import { depositRuleSchema } from './catalogue.js';
import { bookingDepositDueSchema, cardPolicySchema } from './deposits.js';
import { instantSchema } from '../rules/dates.js';
import { blankToNull, lineSchema, optionalLineSchema, textSchema } from '../rules/text.js';

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
  /** Online booking here requires a card on file: the fees it may be charged (absent or null: no card asked). */
  cardPolicy: cardPolicySchema.nullish(),
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
  /** The deposit taken when it is booked online (a fixed amount or a percentage of the price), if any. */
  deposit: depositRuleSchema.nullish(),
});
export type PublicService = z.infer<typeof publicServiceSchema>;

/**
 * GET /api/online-booking/staff: who a visitor may choose at a location, with what they wrote
 * about themselves (identity's User bio and profilePicture) for the page to show when picked.
 */
export const publicStaffSchema = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type PublicStaff = z.infer<typeof publicStaffSchema>;

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

/**
 * The answer to a booking. It is the same whether or not the visitor's phone or e-mail belongs to
 * a client already: nothing in it tells a visitor who is on file (docs/security-notes/booking-id.md).
 */
export const bookingConfirmationSchema = z.object({
  appointment: bookedAppointmentSchema,
  policies: z.string().nullable(),
  /** The visit's services ask for a deposit: the time is held until it is paid (retail's /api/booking-deposits). */
  deposit: bookingDepositDueSchema.nullish(),
  /**
   * An unguessable key (256 bits, base64url) to the forms this booking asks of its client
   * (documents' `GET /api/forms/public/booked/{formsKey}`); its SHA-256 travels in the booked event.
   */
  formsKey: z.string().optional(),
});
export type BookingConfirmation = z.infer<typeof bookingConfirmationSchema>;

/**
 * What a visitor who is not signed in types about themselves. The booking always gets a profile of
 * its own with exactly these details (flagged as a possible duplicate when the phone or e-mail is
 * a client's already); it is never attached to an existing client on the strength of them.
 */
export const onlineVisitorInputSchema = z
  .strictObject({
    firstName: lineSchema(100, { min: 1, emptyMessage: 'is required' }),
    lastName: optionalLineSchema(100),
    /** As typed; the clients service reads it as E.164 in the business's country (rules/phone). */
    phone: optionalLineSchema(40),
    email: z.preprocess(blankToNull, z.email('must be a valid e-mail address').max(254, 'must be at most 254 characters').nullish()),
    smsConsent: z.boolean().optional(),
    emailConsent: z.boolean().optional(),
    /**
     * "I've booked here before": when these details match a client on file, a one-time link goes to
     * that client's phone or e-mail on file; following it adds this booking to that profile.
     */
    bookedBefore: z.boolean().optional(),
  })
  .refine((c) => !!(c.phone || c.email), { message: 'a phone number or an e-mail address is required', path: ['phone'] });
export type OnlineVisitorInput = z.input<typeof onlineVisitorInputSchema>;

/** POST /api/online-booking/appointments: a visitor (details in `client`) or a signed-in client (no `client`). */
export const onlineBookingInputSchema = z.strictObject({
  locationId: z.uuid(),
  serviceId: z.uuid().optional(),
  /** A visit of several services in sequence (the slot's segments), instead of serviceId. */
  services: z
    .array(z.strictObject({ serviceId: z.uuid(), staffId: z.uuid().nullish() }))
    .min(1)
    .max(5)
    .optional(),
  staffId: z.uuid().nullish(),
  startsAt: instantSchema(),
  notes: textSchema(1000).nullish(),
  client: onlineVisitorInputSchema.optional(),
});
export type OnlineBookingInput = z.input<typeof onlineBookingInputSchema>;

export const BOOKING_CLAIM_STATUSES = ['open', 'confirmed', 'expired'] as const;
export type BookingClaimStatus = (typeof BOOKING_CLAIM_STATUSES)[number];

/**
 * GET /api/online-booking/claims/{token}: what a "this booking is mine" link (sent to a client's
 * contact on file) would add to that client's profile. The token is the only credential.
 */
export const bookingClaimViewSchema = z.object({
  status: z.enum(BOOKING_CLAIM_STATUSES),
  serviceName: z.string(),
  staffName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** IANA zone of the appointment's location. */
  timeZone: z.string(),
  expiresAt: z.string(),
});
export type BookingClaimView = z.infer<typeof bookingClaimViewSchema>;

/** A signed-in client's own appointment, with whether it may still be changed online and why not. */
export const myAppointmentSchema = bookedAppointmentSchema.extend({
  canChange: z.boolean(),
  changeBlockedReason: z.string().nullable(),
});
export type MyAppointment = z.infer<typeof myAppointmentSchema>;
