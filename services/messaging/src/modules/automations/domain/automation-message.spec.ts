import { describe, expect, it } from 'vitest';
import { automationTexts, templateValues } from './automation-message.js';

describe('automation texts', () => {
  const values = templateValues({
    firstName: 'Ava',
    serviceName: 'Haircut',
    staffName: 'Jordan',
    // 16:00 UTC is 10:00 in Chicago in November (CST) and 11:00 in July (CDT).
    startsAt: new Date('2026-11-24T16:00:00Z'),
    timeZone: 'America/Chicago',
    businessName: 'Demo Salon',
    publicUrl: 'http://salon.test/',
  });

  it('renders the built-in reminder with the date and time on the location’s clock', () => {
    const texts = automationTexts({ kind: 'reminder', smsTemplate: null, emailSubject: null, emailTemplate: null }, values);
    expect(texts.sms).toBe('Demo Salon: reminder, Haircut with Jordan on Tue, Nov 24 at 10:00 AM. Reply C to confirm.');
    expect(texts.emailSubject).toBe('Reminder: Haircut on Tue, Nov 24');
  });

  it('uses the owner’s template where there is one', () => {
    const texts = automationTexts(
      { kind: 'reminder', smsTemplate: 'Hi {{firstName}} {{bookingLink}}', emailSubject: null, emailTemplate: null },
      values,
    );
    expect(texts.sms).toBe('Hi Ava http://salon.test/booking');
  });

  it('follows DST: the same UTC hour reads an hour later in summer', () => {
    const july = templateValues({
      ...{ firstName: null, serviceName: null, staffName: null, businessName: 'S', publicUrl: 'x' },
      startsAt: new Date('2026-07-24T16:00:00Z'),
      timeZone: 'America/Chicago',
    });
    expect(july.time).toBe('11:00 AM');
    expect(july.firstName).toBe('there');
  });
});
