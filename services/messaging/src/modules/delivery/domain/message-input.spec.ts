import { describe, expect, it } from 'vitest';
import { queueMessageSchema, senderOf } from './message-input.js';

const email = {
  idempotencyKey: 'k-1',
  channel: 'email',
  to: 'ana@example.com',
  subject: 'Hello',
  text: 'Hi Ana,\n\nsee you.',
  purpose: 'test',
};

describe('queueMessageSchema', () => {
  it('keeps a body as written, line breaks and indentation included', () => {
    expect(queueMessageSchema.parse({ ...email, text: '  Hi Ana,\r\n\tsee you.\n' }).text).toBe('  Hi Ana,\r\n\tsee you.\n');
  });

  it('refuses a NUL or another control character in any text, naming the field (issue 10, finding 8)', () => {
    for (const field of ['subject', 'text', 'html', 'to', 'idempotencyKey', 'createdBy'] as const) {
      const r = queueMessageSchema.safeParse({ ...email, [field]: `x\u0000y` });
      expect(
        r.error?.issues.map((i) => [i.path.join('.'), i.message]),
        field,
      ).toContainEqual([field, 'must not contain control characters']);
    }
  });

  it('takes a sender number for SMS only, in E.164 form', () => {
    const sms = { idempotencyKey: 'k-2', channel: 'sms', to: '+13125550101', text: 'Hi', purpose: 'test' };
    expect(queueMessageSchema.parse({ ...sms, from: '+13125550100' }).from).toBe('+13125550100');
    expect(queueMessageSchema.safeParse({ ...sms, from: '312 555 0100' }).error?.issues[0].path).toEqual(['from']);
    expect(queueMessageSchema.safeParse({ ...email, from: '+13125550100' }).error?.issues[0]).toMatchObject({
      path: ['from'],
      message: 'is for SMS only',
    });
  });
});

describe('senderOf', () => {
  const defaults = { sms: '+15005550006', email: 'Salon <hello@example.com>' };
  it('sends an SMS from the location’s own number when given, else from TWILIO_FROM; e-mail from EMAIL_FROM', () => {
    expect(senderOf({ channel: 'sms', from: '+13125550100' }, defaults)).toBe('+13125550100');
    expect(senderOf({ channel: 'sms' }, defaults)).toBe('+15005550006');
    expect(senderOf({ channel: 'email' }, defaults)).toBe('Salon <hello@example.com>');
  });
});
