import { lineSchema, textSchema } from '@salon/contracts';
import { z } from 'zod';

/** What any part of the service asks to send; recipients are normalised by channel afterwards. */
export const queueMessageSchema = z
  .strictObject({
    idempotencyKey: lineSchema(200, { min: 1 }),
    channel: z.enum(['email', 'sms'], 'must be email or sms'),
    to: lineSchema(320, { min: 1 }),
    subject: lineSchema(998).optional(),
    /** Bodies keep their white space (line breaks, indentation), only control characters are refused. */
    text: textSchema(100_000, { min: 1, trim: false }),
    html: textSchema(500_000, { trim: false }).optional(),
    purpose: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a lower-case word such as password-reset'),
    createdBy: lineSchema(100).nullable().optional(),
    /** The body carries a secret (reset link, code): never shown, scrubbed once sent. */
    sensitive: z.boolean().optional(),
    /** Extra e-mail headers (List-Unsubscribe…): names of letters, digits and hyphens, values on one line. */
    /** SMS only: the number it goes out from (a location's own Twilio number); TWILIO_FROM when absent. */
    from: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, e.g. +13125550100')
      .optional(),
    headers: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,60}$/, 'must be a header name'), lineSchema(2000, { min: 1 })).optional(),
  })
  .refine((m) => m.channel !== 'email' || (m.subject && m.subject.length > 0), { path: ['subject'], message: 'is required for e-mail' })
  .refine((m) => m.channel === 'sms' || m.from === undefined, { path: ['from'], message: 'is for SMS only' })
  .refine((m) => m.channel !== 'sms' || m.text.length <= 1600, { path: ['text'], message: 'must be at most 1600 characters for SMS' });

export type QueueMessageInput = z.input<typeof queueMessageSchema>;

/** Who a message goes out from: an SMS from the number asked for (a location's own), else the configured defaults. */
export function senderOf(m: { channel: 'email' | 'sms'; from?: string }, defaults: { sms: string; email: string }): string {
  return m.channel === 'sms' ? (m.from ?? defaults.sms) : defaults.email;
}
