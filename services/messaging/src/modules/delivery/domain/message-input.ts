import { z } from 'zod';

/** What any part of the service asks to send; recipients are normalised by channel afterwards. */
export const queueMessageSchema = z
  .strictObject({
    idempotencyKey: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
    channel: z.enum(['email', 'sms'], 'must be email or sms'),
    to: z.string().trim().min(1, 'must not be empty').max(320),
    subject: z.string().trim().max(998, 'must be at most 998 characters').optional(),
    text: z.string().min(1, 'must not be empty').max(100_000),
    html: z.string().max(500_000).optional(),
    purpose: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a lower-case word such as password-reset'),
    createdBy: z.string().max(100).nullable().optional(),
    /** The body carries a secret (reset link, code): never shown, scrubbed once sent. */
    sensitive: z.boolean().optional(),
  })
  .refine((m) => m.channel !== 'email' || (m.subject && m.subject.length > 0), { path: ['subject'], message: 'is required for e-mail' })
  .refine((m) => m.channel !== 'sms' || m.text.length <= 1600, { path: ['text'], message: 'must be at most 1600 characters for SMS' });

export type QueueMessageInput = z.input<typeof queueMessageSchema>;
