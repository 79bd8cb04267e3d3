/**
 * What the scheduling service answers for classes and the waitlist, shared with the web client
 * that shows them. Types only; times are ISO strings with offset, money in minor units.
 */

export type SessionStatus = 'scheduled' | 'cancelled';
export type EnrolmentStatus = 'enrolled' | 'waitlisted' | 'cancelled' | 'attended' | 'no-show';

export interface ClassSessionView {
  id: string;
  locationId: string;
  seriesId: string | null;
  name: string;
  description: string | null;
  category: string | null;
  instructorId: string;
  roomId: string | null;
  startsAt: string;
  endsAt: string;
  durationMin: number;
  capacity: number;
  priceMinor: number;
  currency: string;
  status: SessionStatus;
  cancelReason: string | null;
  createdBy: string | null;
  version: number;
  /** Enrolled, attended and no-show places. */
  enrolledCount: number;
  waitlistedCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface EnrolmentView {
  id: string;
  sessionId: string;
  clientId: string;
  status: EnrolmentStatus;
  /** 1-based place in the waitlist while waitlisted, otherwise null. */
  waitlistPosition: number | null;
  promotedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'cancelled';
export type OfferStatus = 'open' | 'accepted' | 'declined' | 'expired' | 'lost' | 'withdrawn';

export interface WaitlistOfferView {
  id: string;
  entryId: string;
  chainId: string;
  windowStart: string;
  windowEnd: string;
  startsAt: string;
  endsAt: string;
  staffId: string;
  expiresAt: string;
  status: OfferStatus;
  appointmentId: string | null;
  createdAt: string;
}

export interface WaitlistEntryView {
  id: string;
  locationId: string;
  clientId: string;
  serviceId: string;
  serviceName: string;
  staffId: string | null;
  dateFrom: string;
  dateTo: string;
  /** 'HH:mm' local, both or neither. */
  windowStart: string | null;
  windowEnd: string | null;
  note: string | null;
  status: WaitlistStatus;
  appointmentId: string | null;
  createdAt: string;
  /** The latest offer made to this entry, if any. */
  offer: WaitlistOfferView | null;
}

/** What the client's offer link shows (no ids: the token is the only credential). */
export interface PublicOfferView {
  status: OfferStatus;
  serviceName: string;
  staffName: string;
  startsAt: string;
  endsAt: string;
  expiresAt: string;
  timeZone: string;
}
