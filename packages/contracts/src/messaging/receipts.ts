import { z } from 'zod';
import { MESSAGE_STATUSES } from './messages.js';

/**
 * How a receipt retail asked for went (GraphQL `receiptDeliveries(ticketId)`): `refused` with the
 * reason (no SMS consent, STOP, no address), else the status of the message it became.
 */
export const RECEIPT_DELIVERY_STATUSES = ['refused', ...MESSAGE_STATUSES] as const;
export type ReceiptDeliveryStatus = (typeof RECEIPT_DELIVERY_STATUSES)[number];

export const receiptDeliveryViewSchema = z.object({
  sendId: z.string(),
  ticketId: z.string(),
  channel: z.enum(['email', 'sms']),
  /** Where it went; null when refused. */
  recipient: z.string().nullable(),
  status: z.enum(RECEIPT_DELIVERY_STATUSES),
  /** Why it was refused, or the provider's error when it failed. */
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ReceiptDeliveryView = z.infer<typeof receiptDeliveryViewSchema>;
