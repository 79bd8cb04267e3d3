import type { SuppressionReason } from '@salon/contracts';
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

export interface SesSuppression {
  /** Lower-cased and trimmed. */
  address: string;
  reason: SuppressionReason;
  detail: string | null;
}

/**
 * The addresses an SES notification puts on the suppression list: every recipient of a permanent
 * (hard) bounce and of a complaint. A transient bounce (mailbox full, a greylisting server) does
 * not: the next message may well arrive.
 */
export function sesSuppressionsOf(notification: unknown): SesSuppression[] {
  const n = notification as {
    notificationType?: string;
    eventType?: string;
    bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: { emailAddress?: string; diagnosticCode?: string }[] };
    complaint?: { complaintFeedbackType?: string; complainedRecipients?: { emailAddress?: string }[] };
  } | null;
  const kind = n?.notificationType ?? n?.eventType;
  const out: SesSuppression[] = [];
  const add = (address: string | undefined, reason: SuppressionReason, detail: string | null) => {
    const a = address?.trim().toLowerCase();
    if (a && a.includes('@') && !out.some((o) => o.address === a)) out.push({ address: a, reason, detail });
  };
  if (kind === 'Bounce' && n?.bounce?.bounceType === 'Permanent')
    for (const r of n.bounce.bouncedRecipients ?? [])
      add(
        r.emailAddress,
        'bounce',
        [`Permanent${n.bounce.bounceSubType ? `/${n.bounce.bounceSubType}` : ''}`, r.diagnosticCode].filter(Boolean).join(': '),
      );
  if (kind === 'Complaint')
    for (const r of n?.complaint?.complainedRecipients ?? [])
      add(r.emailAddress, 'complaint', n?.complaint?.complaintFeedbackType ? `Feedback: ${n.complaint.complaintFeedbackType}` : null);
  return out;
}
