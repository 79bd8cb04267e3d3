import { describe, expect, it } from 'vitest';
import { queueMessageSchema } from './message-input.js';

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
});
