import { describe, expect, it } from 'vitest';
import { sesSuppressionsOf } from './ses-notification.js';

const mail = { messageId: 'ses-1', tags: { message_id: ['m-1'] } };

describe('SES notifications → suppression list', () => {
  it('suppresses every recipient of a permanent bounce, lower-cased, with the bounce type and diagnostic', () => {
    expect(
      sesSuppressionsOf({
        notificationType: 'Bounce',
        mail,
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          bouncedRecipients: [
            { emailAddress: ' Gone@Example.com ', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
            { emailAddress: 'x@y.z' },
          ],
        },
      }),
    ).toEqual([
      { address: 'gone@example.com', reason: 'bounce', detail: 'Permanent/General: smtp; 550 5.1.1 user unknown' },
      { address: 'x@y.z', reason: 'bounce', detail: 'Permanent/General' },
    ]);
  });

  it('does not suppress after a transient bounce (a full mailbox may empty)', () => {
    expect(
      sesSuppressionsOf({
        notificationType: 'Bounce',
        mail,
        bounce: { bounceType: 'Transient', bounceSubType: 'MailboxFull', bouncedRecipients: [{ emailAddress: 'full@example.com' }] },
      }),
    ).toEqual([]);
  });

  it('suppresses the complainant of a complaint, from identity notifications and configuration-set events alike', () => {
    const complaint = { complaintFeedbackType: 'abuse', complainedRecipients: [{ emailAddress: 'angry@example.com' }] };
    const expected = [{ address: 'angry@example.com', reason: 'complaint', detail: 'Feedback: abuse' }];
    expect(sesSuppressionsOf({ notificationType: 'Complaint', mail, complaint })).toEqual(expected);
    expect(sesSuppressionsOf({ eventType: 'Complaint', mail, complaint })).toEqual(expected);
  });

  it('ignores deliveries, junk and recipients that are not addresses', () => {
    expect(sesSuppressionsOf({ notificationType: 'Delivery', mail })).toEqual([]);
    expect(sesSuppressionsOf(null)).toEqual([]);
    expect(
      sesSuppressionsOf({ notificationType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'nobody' }, {}] } }),
    ).toEqual([]);
  });
});
