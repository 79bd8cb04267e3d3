import type { MessageStatus } from '@salon/contracts';

// The channels and statuses are the contract's (@salon/contracts messaging/messages).
export type { MessageChannel, MessageStatus } from '@salon/contracts';

/** Statuses after which no job may call a provider for the message again. */
export const FINISHED_STATUSES: readonly MessageStatus[] = ['sent', 'delivered', 'failed', 'suppressed'];

export function isFinished(status: MessageStatus): boolean {
  return FINISHED_STATUSES.includes(status);
}

/** What a provider's delivery report says happened to a message it accepted. */
export type DeliveryReport = 'sent' | 'delivered' | 'failed';

/**
 * The status a delivery report moves a message to, or null to ignore it. Reports arrive out of
 * order (Twilio's `sent` can trail `delivered`), so a report never moves a message backwards;
 * a report may land while our own `sending` update is still open, so `queued`/`sending` accept it.
 */
export function statusAfterReport(current: MessageStatus, report: DeliveryReport): MessageStatus | null {
  if (current === 'suppressed') return null;
  const rank: Record<MessageStatus, number> = { queued: 0, sending: 1, sent: 2, delivered: 3, failed: 3, suppressed: 3 };
  if (report === 'sent') return rank[current] < rank.sent ? 'sent' : null;
  // A bounce after a delivery report is real (SES reports both); a delivery after a failure is not.
  if (report === 'failed') return current === 'failed' ? null : 'failed';
  return current === 'delivered' || current === 'failed' ? null : 'delivered';
}
