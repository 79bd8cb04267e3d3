import { describe, expect, it } from 'vitest';
import { isPublicRoute } from './edge-auth.js';

describe('isPublicRoute', () => {
  it('lets sign-in and recovery through on POST only', () => {
    for (const path of [
      '/api/auth/login',
      '/api/auth/forgot-password',
      '/api/auth/forgot-password-sms',
      '/api/auth/reset-password',
      '/api/auth/accept-invitation',
    ]) {
      expect(isPublicRoute('POST', path)).toBe(true);
      expect(isPublicRoute('GET', path)).toBe(false);
    }
    expect(isPublicRoute('POST', '/api/auth/login/')).toBe(true);
    expect(isPublicRoute('POST', '/api/auth/logout')).toBe(false);
    expect(isPublicRoute('GET', '/api/auth/verify')).toBe(false);
    expect(isPublicRoute('POST', '/api/auth/login-as-admin')).toBe(false);
  });

  it('lets webhooks through with any method', () => {
    expect(isPublicRoute('POST', '/api/webhooks/twilio')).toBe(true);
    expect(isPublicRoute('POST', '/api/webhooks/ses/bounce')).toBe(true);
    expect(isPublicRoute('POST', '/api/webhooks')).toBe(false);
  });

  it('lets the public booking, forms and document reads through', () => {
    expect(isPublicRoute('GET', '/api/services')).toBe(true);
    expect(isPublicRoute('HEAD', '/api/services/12')).toBe(true);
    expect(isPublicRoute('GET', '/api/availability?date=2026-01-01')).toBe(false); // callers pass req.path, without the query
    expect(isPublicRoute('GET', '/api/availability')).toBe(true);
    expect(isPublicRoute('GET', '/api/availability/unavailable')).toBe(false); // staff calendar shading needs a token
    expect(isPublicRoute('GET', '/api/forms/public/1001')).toBe(true);
    expect(isPublicRoute('GET', '/api/documents/public/abc_DEF-123/download')).toBe(true);
    // The builder, submissions and documents themselves need a token.
    expect(isPublicRoute('GET', '/api/forms/1001')).toBe(false);
    expect(isPublicRoute('GET', '/api/forms/submissions/abc')).toBe(false);
    expect(isPublicRoute('GET', '/api/documents/abc')).toBe(false);
    expect(isPublicRoute('GET', '/api/marketing/unsubscribe/u1.a.b')).toBe(true);
    expect(isPublicRoute('POST', '/api/marketing/unsubscribe/u1.a.b')).toBe(true);
    expect(isPublicRoute('GET', '/api/marketing/unsubscribe')).toBe(false);
    expect(isPublicRoute('GET', '/api/marketing/campaigns')).toBe(false);
    expect(isPublicRoute('GET', '/api/marketing/track/open/t1.a.b')).toBe(true);
    expect(isPublicRoute('GET', '/api/marketing/track/click/t1.a.b')).toBe(true);
    expect(isPublicRoute('POST', '/api/marketing/track/click/t1.a.b')).toBe(false);
    expect(isPublicRoute('GET', '/api/marketing/track')).toBe(false);
    expect(isPublicRoute('POST', '/api/services')).toBe(false);
    expect(isPublicRoute('GET', '/api/forms')).toBe(false);
    expect(isPublicRoute('DELETE', '/api/documents/abc')).toBe(false);
    expect(isPublicRoute('POST', '/api/forms/public/1001/submissions')).toBe(true);
    expect(isPublicRoute('POST', '/api/forms/1001/publish')).toBe(false);
    expect(isPublicRoute('POST', '/api/forms/public')).toBe(false);
    expect(isPublicRoute('GET', '/api/servicesx')).toBe(false);
  });

  it('opens the online booking page’s reads and its booking, not a client’s own appointments', () => {
    expect(isPublicRoute('GET', '/api/online-booking')).toBe(true);
    expect(isPublicRoute('GET', '/api/online-booking/services')).toBe(true);
    expect(isPublicRoute('GET', '/api/online-booking/availability')).toBe(true);
    expect(isPublicRoute('POST', '/api/online-booking/appointments')).toBe(true);
    expect(isPublicRoute('GET', '/api/online-booking/claims/tok')).toBe(true);
    expect(isPublicRoute('POST', '/api/online-booking/claims/tok/confirm')).toBe(true);
    expect(isPublicRoute('GET', '/api/online-booking/claims')).toBe(false);
    expect(isPublicRoute('GET', '/api/online-booking/my-appointments')).toBe(false);
    expect(isPublicRoute('POST', '/api/online-booking/my-appointments/1/cancel')).toBe(false);
    expect(isPublicRoute('PUT', '/api/booking-design')).toBe(false);
  });

  it('lets a waitlist offer link through, but not the staff waitlist', () => {
    expect(isPublicRoute('GET', '/api/waitlist/offers/tok')).toBe(true);
    expect(isPublicRoute('POST', '/api/waitlist/offers/tok/accept')).toBe(true);
    expect(isPublicRoute('POST', '/api/waitlist/offers/tok/decline')).toBe(true);
    expect(isPublicRoute('GET', '/api/waitlist')).toBe(false);
    expect(isPublicRoute('POST', '/api/waitlist/e1/accept')).toBe(false);
    expect(isPublicRoute('GET', '/api/waitlist/offers')).toBe(false);
  });

  it('opens an online booking deposit: start one, read one, nothing else', () => {
    expect(isPublicRoute('POST', '/api/booking-deposits')).toBe(true);
    expect(isPublicRoute('GET', '/api/booking-deposits/0b3c0d4e-0000-4000-8000-000000000001')).toBe(true);
    expect(isPublicRoute('GET', '/api/booking-deposits')).toBe(false);
    expect(isPublicRoute('POST', '/api/booking-deposits/0b3c0d4e-0000-4000-8000-000000000001')).toBe(false);
    expect(isPublicRoute('POST', '/api/online-gift-cards')).toBe(true);
    expect(isPublicRoute('GET', '/api/online-gift-cards/0b3c0d4e-0000-4000-8000-000000000001')).toBe(true);
    expect(isPublicRoute('GET', '/api/online-gift-cards')).toBe(false);
  });

  it('opens the public class list only, not the rosters', () => {
    expect(isPublicRoute('GET', '/api/classes/public')).toBe(true);
    expect(isPublicRoute('GET', '/api/classes')).toBe(false);
    expect(isPublicRoute('GET', '/api/classes/0d000000-0000-4000-8000-000000000001')).toBe(false);
    expect(isPublicRoute('POST', '/api/classes/public')).toBe(false);
  });

  it('opens a calendar feed by its secret, not the routes that hand feeds out', () => {
    expect(isPublicRoute('GET', '/api/calendar-feeds/ics/abc.ics')).toBe(true);
    expect(isPublicRoute('GET', '/api/calendar-feeds/ics')).toBe(false);
    expect(isPublicRoute('POST', '/api/calendar-feeds/ics/abc.ics')).toBe(false);
    expect(isPublicRoute('GET', '/api/calendar-feeds/staff/5a000000-0000-4000-8000-000000000001')).toBe(false);
    expect(isPublicRoute('POST', '/api/calendar-feeds/staff/5a000000-0000-4000-8000-000000000001')).toBe(false);
  });
});
