import type { DeliveryReport } from '../../delivery/domain/message-status.js';

export interface SesReport {
  providerMessageId: string;
  messageId?: string;
  report: DeliveryReport;
  error: string | null;
}

/**
 * What an SES notification (identity notifications: `notificationType`; configuration-set
 * events: `eventType`) says about a message, or null for kinds that do not change its status.
 * A complaint comes after delivery and does not undo it.
 */
export function sesReportOf(notification: unknown): SesReport | null {
  const n = notification as {
    notificationType?: string;
    eventType?: string;
    mail?: { messageId?: string; tags?: Record<string, string[]> };
    bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: { diagnosticCode?: string }[] };
  } | null;
  const kind = n?.notificationType ?? n?.eventType;
  const providerMessageId = n?.mail?.messageId;
  if (!kind || !providerMessageId) return null;
  const messageId = n?.mail?.tags?.message_id?.[0];
  if (kind === 'Delivery') return { providerMessageId, messageId, report: 'delivered', error: null };
  if (kind === 'Bounce' || kind === 'Reject') {
    const b = n?.bounce;
    const detail = b?.bouncedRecipients?.[0]?.diagnosticCode;
    const error =
      kind === 'Reject'
        ? 'SES rejected the message'
        : `Bounced (${b?.bounceType ?? 'unknown'}${b?.bounceSubType ? `/${b.bounceSubType}` : ''})${detail ? `: ${detail}` : ''}`;
    return { providerMessageId, messageId, report: 'failed', error };
  }
  return null;
}
