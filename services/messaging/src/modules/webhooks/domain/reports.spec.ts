import { describe, expect, it } from 'vitest';
import { sesReportOf } from './ses-notification.js';
import { twilioReportOf } from './twilio-status.js';

describe('provider delivery reports', () => {
  it('maps Twilio MessageStatus values', () => {
    expect(['sent', 'delivered', 'read', 'undelivered', 'failed', 'queued', undefined].map(twilioReportOf)).toEqual([
      'sent',
      'delivered',
      'delivered',
      'failed',
      'failed',
      null,
      null,
    ]);
  });

  it('reads SES delivery and bounce notifications with our message id tag', () => {
    const mail = { messageId: 'ses-1', tags: { message_id: ['m-1'] } };
    expect(sesReportOf({ notificationType: 'Delivery', mail })).toEqual({
      providerMessageId: 'ses-1',
      messageId: 'm-1',
      report: 'delivered',
      error: null,
    });
    expect(
      sesReportOf({
        eventType: 'Bounce',
        mail,
        bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ diagnosticCode: '550 no such user' }] },
      }),
    ).toMatchObject({
      report: 'failed',
      error: 'Bounced (Permanent/General): 550 no such user',
    });
    expect(sesReportOf({ notificationType: 'Complaint', mail })).toBeNull();
    expect(sesReportOf({ notificationType: 'Delivery' })).toBeNull();
  });
});
