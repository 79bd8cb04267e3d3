import type { BookingClaimStatus } from '@salon/contracts';

/**
 * The rules of online visitors' profiles and of the "this booking is mine" link
 * (docs/security-notes/booking-id.md). Pure.
 */

/** How long a link sent to a client's contact on file may be followed. */
export const CLAIM_LINK_HOURS = 24;

/** Links sent to one client in a day at most: booking with someone's phone must not become a way to text them at will. */
export const CLAIMS_PER_CLIENT_PER_DAY = 3;

/**
 * A visitor's profile whose booking has not committed this long after it was asked for belongs to a
 * booking that never will (the clients call times out after seconds): it is undone.
 */
export const UNBOOKED_PROFILE_GRACE_MS = 5 * 60_000;

export function claimExpiry(now: Date): Date {
  return new Date(now.getTime() + CLAIM_LINK_HOURS * 3_600_000);
}

export interface ClaimState {
  status: BookingClaimStatus;
  /** It may still be confirmed. */
  live: boolean;
  /** Why not, in words for the person holding the link. */
  message: string | null;
}

export function claimState(claim: { expiresAt: Date; confirmedAt: Date | null }, now: Date): ClaimState {
  if (claim.confirmedAt) return { status: 'confirmed', live: false, message: 'This booking is already on your profile' };
  if (claim.expiresAt <= now)
    return { status: 'expired', live: false, message: 'This link has expired; please call the salon to add the booking to your profile' };
  return { status: 'open', live: true, message: null };
}

/**
 * Whether a booking sends a link to the client its visitor's details matched: only when the
 * visitor asked ("I've booked here before"), the details matched someone, and that client has not
 * had the day's links yet. The visitor's answer is the same in every case.
 */
export function shouldSendClaim(c: { bookedBefore: boolean; matchedClientId: string | null; sentToClientToday: number }): boolean {
  return c.bookedBefore && c.matchedClientId !== null && c.sentToClientToday < CLAIMS_PER_CLIENT_PER_DAY;
}
