/** The two-way SMS inbox: one conversation per client (matched by phone), its texts, and staff replies. */
import { z } from 'zod';
import { textSchema } from '../rules/text.js';

export const conversationViewSchema = z.object({
  id: z.string(),
  phone: z.string(),
  /** Null for a number no client on file has texted from (shown as unknown, with "create client"). */
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  lastMessageAt: z.string(),
  lastMessageText: z.string(),
  unread: z.number().int(),
});
export type ConversationView = z.infer<typeof conversationViewSchema>;

export const conversationMessageViewSchema = z.object({
  id: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  body: z.string(),
  at: z.string(),
  /** For inbound replies to a reminder: what it did ("confirmed", "cancelled"), else null. */
  action: z.string().nullable(),
  /** Outbound: the delivery state of the message. */
  status: z.string().nullable(),
});
export type ConversationMessageView = z.infer<typeof conversationMessageViewSchema>;

export const replyInputSchema = z.object({
  conversationId: z.uuid(),
  text: textSchema(1_600, { min: 1 }),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

/**
 * What a reply to a reminder asks for: "C"/"confirm" confirms, "cancel" cancels. YES is left out on
 * purpose: it is an opt-in keyword. CANCEL is an opt-out keyword at Twilio as well, so that number
 * is also opted out (Twilio does it whatever we do); the appointment is cancelled all the same.
 */
export type ReminderReplyAction = 'confirm' | 'cancel';

/** Reads a reminder reply; anything else is a conversation for staff. Pure, shared with the tests. */
export function reminderReplyAction(body: string): ReminderReplyAction | null {
  const word = body
    .trim()
    .toLowerCase()
    .replace(/[.!\s]+$/u, '');
  if (['c', 'confirm', 'confirmed'].includes(word)) return 'confirm';
  if (word === 'cancel') return 'cancel';
  return null;
}
