import { z } from 'zod';

/** Scheduling's waitlist (`/api/waitlist`) and the client's offer link (`/api/waitlist/offers/{token}`). */

export const waitlistStatusSchema = z.enum(['waiting', 'offered', 'booked', 'cancelled']);
export type WaitlistStatus = z.infer<typeof waitlistStatusSchema>;
export const offerStatusSchema = z.enum(['open', 'accepted', 'declined', 'expired', 'lost', 'withdrawn']);
export type OfferStatus = z.infer<typeof offerStatusSchema>;

export const waitlistOfferViewSchema = z.object({
  id: z.string(),
  entryId: z.string(),
  chainId: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  staffId: z.string(),
  expiresAt: z.string(),
  status: offerStatusSchema,
  appointmentId: z.string().nullable(),
  createdAt: z.string(),
});
export type WaitlistOfferView = z.infer<typeof waitlistOfferViewSchema>;

export const waitlistEntryViewSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  clientId: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  staffId: z.string().nullable(),
  dateFrom: z.string(),
  dateTo: z.string(),
  /** 'HH:mm' local, both or neither. */
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  note: z.string().nullable(),
  status: waitlistStatusSchema,
  appointmentId: z.string().nullable(),
  createdAt: z.string(),
  /** The latest offer made to this entry, if any. */
  offer: waitlistOfferViewSchema.nullable(),
});
export type WaitlistEntryView = z.infer<typeof waitlistEntryViewSchema>;

/** What the client's offer link shows (no ids: the token is the only credential). */
export const publicOfferViewSchema = z.object({
  status: offerStatusSchema,
  serviceName: z.string(),
  staffName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  expiresAt: z.string(),
  timeZone: z.string(),
});
export type PublicOfferView = z.infer<typeof publicOfferViewSchema>;
