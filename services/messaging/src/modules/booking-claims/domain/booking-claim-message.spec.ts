import { describe, expect, it } from 'vitest';
import { claimLink, renderClaimEmail, renderClaimSms, type ClaimMessageInput } from './booking-claim-message.js';

const LINK = 'http://localhost:4000/booking?confirm=tok-1';
const claim = (o: Partial<ClaimMessageInput> = {}): ClaimMessageInput => ({
  businessName: 'Willow & Sage',
  firstName: 'Paula',
  serviceName: 'Haircut',
  startsAt: '2026-01-15T20:30:00.000Z',
  expiresAt: '2026-01-14T18:00:00.000Z',
  timeZone: 'America/Chicago',
  link: LINK,
  ...o,
});

describe('booking claim messages', () => {
  it('builds the link on the public URL with the token encoded', () => {
    expect(claimLink('http://localhost:4000/', 'a+b/c=')).toBe('http://localhost:4000/booking?confirm=a%2Bb%2Fc%3D');
  });

  it('texts what was booked, when the link stops working, and what to do if it was not them', () => {
    const sms = renderClaimSms(claim());
    expect(sms).toBe(
      `Willow & Sage: Hi Paula, Haircut on Jan 15, 2026 at 2:30 PM was booked online with your contact details by someone who has booked with us before. If it was you, add it to your profile by 12:00 PM on Jan 14, 2026: ${LINK} If not, ignore this text.`,
    );
    expect(sms).not.toMatch(/[\u202f\u00a0]/);
    expect(renderClaimSms(claim({ firstName: null, serviceName: 'Cut\n and colour' }))).toMatch(/^Willow & Sage: Hi, Cut and colour on /);
  });

  it('e-mails the same with a button and the link written out', () => {
    const email = renderClaimEmail(claim());
    expect(email.subject).toBe('Willow & Sage: was this booking yours?');
    expect(email.text).toContain(LINK);
    expect(email.text).toContain('If it was not you, ignore this e-mail');
    expect(email.html).toContain('Add it to my profile');
    expect(email.html).toContain(LINK);
  });
});
