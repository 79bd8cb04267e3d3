export type ConsentChannel = 'sms' | 'email';

/** A client's consent for one channel as the clients service last published it (table client_consent). */
export interface ClientConsentRecord {
  granted: boolean;
  method: string | null;
  /** The phone (E.164) or e-mail address the decision was about; null once the contact was removed. */
  address: string | null;
}

export type MarketingVerdict = { allowed: true; to: string } | { allowed: false; reason: string };

/**
 * Whether a bulk message (marketing, automations) may go to a client on a channel. Two sources,
 * both must agree:
 * - the client's decision, owned by the clients service and mirrored here from
 *   `clients.client.consent-changed.v1` (no record: the client never consented);
 * - for SMS, the phone itself: a STOP texted to our number blocks every text to it until START,
 *   whatever a profile says (carriers require it, and Twilio refuses such sends with 21610).
 * Transactional messages (password reset, waitlist offer) do not use this rule; see the README.
 */
export function marketingVerdict(channel: ConsentChannel, record: ClientConsentRecord | null, phoneOptedOut: boolean): MarketingVerdict {
  const what = channel === 'sms' ? 'texts' : 'e-mails';
  if (!record || !record.granted)
    return { allowed: false, reason: `the client has not consented to ${what}${record?.method ? ` (${record.method})` : ''}` };
  if (!record.address) return { allowed: false, reason: channel === 'sms' ? 'no phone number' : 'no e-mail address' };
  if (channel === 'sms' && phoneOptedOut) return { allowed: false, reason: 'the phone replied STOP' };
  return { allowed: true, to: record.address };
}
