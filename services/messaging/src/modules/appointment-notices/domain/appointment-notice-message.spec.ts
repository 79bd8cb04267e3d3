import { describe, expect, it } from 'vitest';
import { renderNoticeEmail, renderNoticeSms, type NoticeInput } from './appointment-notice-message.js';

const input = (o: Partial<NoticeInput> = {}): NoticeInput => ({
  businessName: 'Willow & Sage',
  firstName: 'Ana',
  serviceName: 'Haircut',
  staffName: 'Dana Lee',
  startsAt: '2026-11-24T17:00:00.000Z',
  endsAt: '2026-11-24T17:45:00.000Z',
  timeZone: 'America/Chicago',
  phone: '(312) 555-0100',
  ...o,
});

describe('appointment change notices', () => {
  it('texts the new time in the location’s zone, with the phone to call', () => {
    expect(renderNoticeSms(input())).toBe(
      "Willow & Sage: Hi Ana, your appointment has changed: Haircut with Dana Lee is now on Nov 24, 2026 at 11:00 AM. If that doesn't suit you, call us at (312) 555-0100.",
    );
    expect(renderNoticeSms(input({ firstName: null, staffName: null, phone: null }))).toBe(
      "Willow & Sage: Hi, your appointment has changed: Haircut is now on Nov 24, 2026 at 11:00 AM. If that doesn't suit you, please contact us.",
    );
  });

  it('e-mails the same, with the end time, HTML escaped', () => {
    const mail = renderNoticeEmail(input({ serviceName: 'Cut <b>& colour</b>' }));
    expect(mail.subject).toBe('Willow & Sage: your appointment is now on Nov 24, 2026 at 11:00 AM');
    expect(mail.text).toContain('It is now on Nov 24, 2026, 11:00 AM to 11:45 AM.');
    expect(mail.html).toContain('Cut &lt;b&gt;&amp; colour&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>&');
  });
});
