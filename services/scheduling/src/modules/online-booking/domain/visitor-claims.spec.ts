import { describe, expect, it } from 'vitest';
import { claimExpiry, claimState, CLAIMS_PER_CLIENT_PER_DAY, shouldSendClaim } from './visitor-claims.js';

const now = new Date('2026-11-23T15:00:00Z');

describe('claimState', () => {
  it('is open until it expires, then expired; confirmed once used, whatever the time', () => {
    const expiresAt = claimExpiry(now);
    expect(expiresAt.toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(claimState({ expiresAt, confirmedAt: null }, now)).toEqual({ status: 'open', live: true, message: null });
    expect(claimState({ expiresAt, confirmedAt: null }, expiresAt)).toMatchObject({ status: 'expired', live: false });
    expect(claimState({ expiresAt, confirmedAt: now }, new Date('2027-01-01T00:00:00Z'))).toMatchObject({
      status: 'confirmed',
      live: false,
      message: 'This booking is already on your profile',
    });
  });
});

describe('shouldSendClaim', () => {
  it('sends only when the visitor asked and their details matched a client', () => {
    expect(shouldSendClaim({ bookedBefore: true, matchedClientId: 'c1', sentToClientToday: 0 })).toBe(true);
    expect(shouldSendClaim({ bookedBefore: false, matchedClientId: 'c1', sentToClientToday: 0 })).toBe(false);
    expect(shouldSendClaim({ bookedBefore: true, matchedClientId: null, sentToClientToday: 0 })).toBe(false);
  });
  it('stops at the day’s limit per client', () => {
    expect(shouldSendClaim({ bookedBefore: true, matchedClientId: 'c1', sentToClientToday: CLAIMS_PER_CLIENT_PER_DAY - 1 })).toBe(true);
    expect(shouldSendClaim({ bookedBefore: true, matchedClientId: 'c1', sentToClientToday: CLAIMS_PER_CLIENT_PER_DAY })).toBe(false);
  });
});
