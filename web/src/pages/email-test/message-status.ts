import type { MessageStatus } from './email-test-gql';

/** Badge look and plain-words meaning of each status (queued → sent → delivered / failed / suppressed). */
export const STATUS_DISPLAY: Record<MessageStatus, { badge: string; label: string; hint: string }> = {
  queued: { badge: 'badge-muted', label: 'Queued', hint: 'Waiting for the delivery worker' },
  sending: { badge: 'badge-primary', label: 'Sending', hint: 'Handed to the provider' },
  sent: { badge: 'badge-primary', label: 'Sent', hint: 'The provider accepted it' },
  delivered: { badge: 'badge-success', label: 'Delivered', hint: 'The provider reported delivery' },
  failed: { badge: 'badge-danger', label: 'Failed', hint: 'Gave up; see the error' },
  suppressed: { badge: 'badge-warning', label: 'Suppressed', hint: 'The recipient replied STOP' },
};

/** When the message last changed status: the time to show beside it. */
export function statusTime(m: {
  status: MessageStatus;
  queuedAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  updatedAt: string;
}): string {
  if (m.status === 'delivered') return m.deliveredAt ?? m.updatedAt;
  if (m.status === 'failed') return m.failedAt ?? m.updatedAt;
  if (m.status === 'sent') return m.sentAt ?? m.updatedAt;
  if (m.status === 'queued') return m.queuedAt;
  return m.updatedAt;
}

export const PROVIDER_LABELS: Record<string, string> = { ses: 'Amazon SES', twilio: 'Twilio', log: 'Message log only' };
