import { withinCap } from '../../automations/domain/frequency-cap.js';
import { marketingVerdict } from '../../consent/domain/marketing-consent.js';
import { normaliseRecipient } from '../../delivery/domain/recipient.js';

export type CampaignChannel = 'sms' | 'email';

/** A client of the segment as the recipient rules see it. */
export interface CampaignCandidate {
  id: string;
  phone: string | null;
  email: string | null;
  smsConsent: { granted: boolean; method: string | null };
  emailConsent: { granted: boolean; method: string | null };
}

/** What is known about the page (one query each, `MarketingRepository.pageFacts`). */
export interface RecipientFacts {
  /** This campaign's rows already written for these clients (a resumed or concurrent attempt). */
  recorded: ReadonlyMap<string, { state: 'queued' | 'skipped'; messageId: string | null }>;
  unsubscribed: ReadonlySet<string>;
  recentSends: ReadonlyMap<string, readonly Date[]>;
  /** Normalised addresses that get nothing on this channel (a phone's STOP, a suppressed e-mail, lower case). */
  blockedAddresses: ReadonlySet<string>;
}

/**
 * One decision per client: `skip` with why, `send` (a new recipient to claim), `resend` (already
 * claimed as queued by an earlier attempt: its message is written or found again with the same
 * key and put on the queue; nothing is checked again, the decision was made), or `done`.
 */
export type RecipientDecision =
  | { kind: 'skip'; clientId: string; reason: string }
  | { kind: 'send' | 'resend'; clientId: string; to: string }
  | { kind: 'done'; clientId: string };

/** The address a campaign on this channel would use for the client, normalised as the message log stores it; null if none is usable. */
export function campaignAddress(channel: CampaignChannel, client: CampaignCandidate): string | null {
  const raw = channel === 'sms' ? client.phone : client.email;
  return raw ? normaliseRecipient(channel, raw) : null;
}

/**
 * The recipient rules of a campaign for a page of clients: consent for the channel (the profile's
 * decision and, for texts, the phone's STOP), a one-click unsubscribe, the e-mail suppression list,
 * and the location's daily cap over campaign and automation sends.
 */
export function decideRecipients(
  channel: CampaignChannel,
  clients: readonly CampaignCandidate[],
  facts: RecipientFacts,
  capPerDay: number,
  now: Date,
): RecipientDecision[] {
  return clients.map((client): RecipientDecision => {
    const recorded = facts.recorded.get(client.id);
    const address = campaignAddress(channel, client);
    if (recorded)
      return recorded.state === 'queued' && address
        ? { kind: 'resend', clientId: client.id, to: address }
        : { kind: 'done', clientId: client.id };
    const consent = channel === 'sms' ? client.smsConsent : client.emailConsent;
    const given = channel === 'sms' ? client.phone : client.email;
    const blocked = address !== null && facts.blockedAddresses.has(channel === 'email' ? address.toLowerCase() : address);
    const verdict = marketingVerdict(
      channel,
      { granted: consent.granted, method: consent.method, address: given },
      channel === 'sms' && blocked,
    );
    const skip = (reason: string): RecipientDecision => ({ kind: 'skip', clientId: client.id, reason });
    if (!verdict.allowed) return skip(verdict.reason);
    if (!address) return skip(channel === 'sms' ? 'the phone number is not valid' : 'the e-mail address is not valid');
    if (blocked) return skip('the address is on the suppression list (a bounce or a complaint)');
    if (facts.unsubscribed.has(client.id)) return skip('the client unsubscribed');
    if (!withinCap(facts.recentSends.get(client.id) ?? [], now, capPerDay))
      return skip(`the client had ${capPerDay} messages in the last day`);
    return { kind: 'send', clientId: client.id, to: address };
  });
}

export interface RecipientClaim {
  clientId: string;
  state: 'queued' | 'skipped';
  reason: string | null;
}

/** The recipient rows a batch claims: one per new client, queued or skipped with the reason. */
export function recipientClaims(decisions: readonly RecipientDecision[]): RecipientClaim[] {
  return decisions.flatMap((d): RecipientClaim[] =>
    d.kind === 'send'
      ? [{ clientId: d.clientId, state: 'queued', reason: null }]
      : d.kind === 'skip'
        ? [{ clientId: d.clientId, state: 'skipped', reason: d.reason }]
        : [],
  );
}
