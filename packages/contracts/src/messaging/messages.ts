/** The messaging service's message log (GET /api/messages, the GraphQL Message) and its delivery settings. */
import { z } from 'zod';

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** queued → sending → sent → delivered, or failed; suppressed when the recipient opted out. */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'suppressed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const messageSchema = z.object({
  id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  recipient: z.string(),
  sender: z.string(),
  subject: z.string().nullable(),
  /** Null for messages that carried a secret (reset links and codes). */
  bodyText: z.string().nullable(),
  purpose: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  provider: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** ISO timestamps. */
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /api/messages/settings: where messages go. */
export const deliverySettingsSchema = z.object({
  emailProvider: z.string(),
  smsProvider: z.string(),
  /** The local SES server's web view, where every sent e-mail can be read. */
  emailPreviewUrl: z.string().nullable(),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;
