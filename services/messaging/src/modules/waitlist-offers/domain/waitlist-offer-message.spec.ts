import { describe, expect, it } from 'vitest';
import { offerLink, renderOfferEmail, renderOfferSms, type OfferMessageInput } from './waitlist-offer-message.js';

const LINK = 'http://localhost:4000/booking?offer=tok-1';
const offer = (o: Partial<OfferMessageInput> = {}): OfferMessageInput => ({
  businessName: 'Willow & Sage',
  firstName: 'Ana',
  serviceName: 'Balayage',
  startsAt: '2026-01-15T20:30:00.000Z',
  endsAt: '2026-01-15T21:30:00.000Z',
  expiresAt: '2026-01-15T18:00:00.000Z',
  timeZone: 'America/Chicago',
  link: LINK,
  ...o,
});

describe('waitlist offer messages', () => {
  it('builds the offer link on the public URL with the token encoded', () => {
    expect(offerLink('http://localhost:4000/', 'a+b/c=')).toBe('http://localhost:4000/booking?offer=a%2Bb%2Fc%3D');
  });

  it.each([
    {
      case: 'a winter afternoon',
      input: offer(),
      sms: `Willow & Sage: Hi Ana, a time opened up for Balayage on Jan 15, 2026 at 2:30 PM. This offer expires at 12:00 PM on Jan 15, 2026. Book it or pass: ${LINK}`,
    },
    {
      case: 'a summer morning, expiring the evening before, no first name',
      input: offer({
        firstName: null,
        startsAt: '2026-07-02T14:00:00Z',
        endsAt: '2026-07-02T15:15:00Z',
        expiresAt: '2026-07-02T01:30:00Z',
      }),
      sms: `Willow & Sage: Hi, a time opened up for Balayage on Jul 2, 2026 at 9:00 AM. This offer expires at 8:30 PM on Jul 1, 2026. Book it or pass: ${LINK}`,
    },
    {
      case: 'a service name with line breaks',
      input: offer({ serviceName: 'Cut\n  and colour' }),
      sms: `Willow & Sage: Hi Ana, a time opened up for Cut and colour on Jan 15, 2026 at 2:30 PM. This offer expires at 12:00 PM on Jan 15, 2026. Book it or pass: ${LINK}`,
    },
  ])('texts $case exactly, link last', ({ input, sms }) => {
    expect(renderOfferSms(input)).toBe(sms);
    expect(sms).not.toMatch(/[\u202f\u00a0]/); // plain spaces keep the SMS in GSM-7
  });

  it.each([
    {
      case: 'CST',
      input: offer(),
      subject: 'Willow & Sage: a time opened up for Balayage on Jan 15, 2026 at 2:30 PM',
      when: 'Jan 15, 2026, 2:30 PM to 3:30 PM.',
      expiry: 'This offer expires at 12:00 PM on Jan 15, 2026.',
    },
    {
      case: 'CDT',
      input: offer({ startsAt: '2026-07-02T14:00:00Z', endsAt: '2026-07-02T15:15:00Z', expiresAt: '2026-07-02T01:30:00Z' }),
      subject: 'Willow & Sage: a time opened up for Balayage on Jul 2, 2026 at 9:00 AM',
      when: 'Jul 2, 2026, 9:00 AM to 10:15 AM.',
      expiry: 'This offer expires at 8:30 PM on Jul 1, 2026.',
    },
  ])('e-mails the time ($case), the expiry and the link', ({ input, subject, when, expiry }) => {
    const email = renderOfferEmail(input);
    expect(email.subject).toBe(subject);
    expect(email.text.startsWith('Hi Ana,\n')).toBe(true);
    for (const part of [when, expiry, `\n${LINK}\n`, 'Willow & Sage, and you are next on the waitlist.'])
      expect(email.text).toContain(part);
    expect(email.html).toContain(`href="${LINK}"`);
    expect(email.html).toContain(when);
    expect(email.html).toContain(expiry);
    expect(email.html).toContain('Willow &amp; Sage');
  });

  it.each([
    { field: 'serviceName', value: '<img src=x onerror=alert(1)>' },
    { field: 'businessName', value: '<script>alert(1)</script>' },
    { field: 'firstName', value: '<b onclick="x">Ana</b>' },
  ] as const)('puts no markup into the HTML from $field', ({ field, value }) => {
    const html = renderOfferEmail(offer({ [field]: value })).html;
    expect(html).not.toContain(value);
    expect(html).not.toMatch(/<(img|script|b)[\s>]/);
    expect(html).toContain(value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
  });

  it('escapes the link in attributes', () => {
    expect(renderOfferEmail(offer({ link: 'http://x/?offer="a"' })).html).toContain('href="http://x/?offer=&quot;a&quot;"');
  });
});
