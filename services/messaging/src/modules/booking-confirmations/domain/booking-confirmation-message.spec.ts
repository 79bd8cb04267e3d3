import { describe, expect, it } from 'vitest';
import { manageLink, renderConfirmationEmail, renderConfirmationSms, type ConfirmationInput } from './booking-confirmation-message.js';

const input = (o: Partial<ConfirmationInput> = {}): ConfirmationInput => ({
  businessName: 'Willow & Sage',
  firstName: 'Ana',
  serviceName: 'Haircut',
  staffName: 'Dana Lee',
  startsAt: '2026-11-24T16:00:00.000Z',
  endsAt: '2026-11-24T16:45:00.000Z',
  timeZone: 'America/Chicago',
  manageLink: 'http://localhost:4000/booking',
  phone: '(312) 555-0100',
  ...o,
});

describe('booking confirmation messages', () => {
  it('points to the booking page on the public URL', () => {
    expect(manageLink('https://book.example.com/')).toBe('https://book.example.com/booking');
  });

  it.each([
    [
      'with the stylist, in the location’s zone',
      input(),
      "Willow & Sage: Hi Ana, you're booked for Haircut with Dana Lee on Nov 24, 2026 at 10:00 AM. See or change it: http://localhost:4000/booking",
    ],
    [
      'without a first name or a stylist name',
      input({ firstName: null, staffName: null }),
      "Willow & Sage: Hi, you're booked for Haircut on Nov 24, 2026 at 10:00 AM. See or change it: http://localhost:4000/booking",
    ],
    [
      'another zone, names on one line',
      input({ timeZone: 'America/New_York', serviceName: 'Hair\ncut', firstName: ' Ana  ' }),
      "Willow & Sage: Hi Ana, you're booked for Hair cut with Dana Lee on Nov 24, 2026 at 11:00 AM. See or change it: http://localhost:4000/booking",
    ],
    [
      'to a visitor without an account: the phone to change it',
      input({ manageLink: null }),
      "Willow & Sage: Hi Ana, you're booked for Haircut with Dana Lee on Nov 24, 2026 at 10:00 AM. To change or cancel, call us at (312) 555-0100.",
    ],
    [
      'to a visitor, no phone known',
      input({ manageLink: null, phone: null }),
      "Willow & Sage: Hi Ana, you're booked for Haircut with Dana Lee on Nov 24, 2026 at 10:00 AM. To change or cancel, please contact us.",
    ],
  ])('texts %s', (_case, i, text) => {
    expect(renderConfirmationSms(i)).toBe(text);
  });

  it('e-mails the time span, the link and the cancellation note, with names escaped in HTML', () => {
    const email = renderConfirmationEmail(input({ serviceName: '<b>Haircut</b>' }));
    expect(email.subject).toBe("Willow & Sage: you're booked for <b>Haircut</b> with Dana Lee on Nov 24, 2026 at 10:00 AM");
    expect(email.text).toContain('Nov 24, 2026, 10:00 AM to 10:45 AM.');
    expect(email.text).toContain('See or change it: http://localhost:4000/booking');
    expect(email.html).toContain('href="http://localhost:4000/booking"');
    expect(email.html).not.toContain('<b>Haircut</b>');
  });

  it('gives a visitor without an account no button to a page that cannot show them the booking, but the phone', () => {
    const email = renderConfirmationEmail(input({ manageLink: null }));
    expect(email.text).toContain('To change or cancel, call us at (312) 555-0100.');
    expect(email.text).not.toContain('/booking');
    expect(email.html).not.toContain('<a ');
  });
});
