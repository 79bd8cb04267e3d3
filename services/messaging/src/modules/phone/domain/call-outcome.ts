import type { CallOutcome } from '@salon/contracts';

/**
 * What Twilio's <Dial> result means for the call: `completed` is someone answering; every other
 * DialCallStatus (no-answer, busy, failed, canceled) is a missed call that goes to voicemail.
 */
export function dialOutcome(dialCallStatus: string | undefined): 'answered' | 'missed' {
  return dialCallStatus === 'completed' || dialCallStatus === 'answered' ? 'answered' : 'missed';
}

/** The final CallStatus of an outbound (click-to-call) leg: answered when it completed, missed otherwise. */
export function outboundOutcome(callStatus: string | undefined): CallOutcome | null {
  if (!callStatus) return null;
  if (callStatus === 'completed') return 'answered';
  if (['busy', 'no-answer', 'failed', 'canceled'].includes(callStatus)) return 'missed';
  return null; // queued, ringing, in-progress: not final yet
}

/** A later step may only move a call forward: a redelivered or late webhook never undoes voicemail. */
const RANK: Record<CallOutcome, number> = { ringing: 0, answered: 1, missed: 1, voicemail: 2 };
export function nextOutcome(current: CallOutcome, proposed: CallOutcome): CallOutcome {
  return RANK[proposed] > RANK[current] ? proposed : current;
}

/** Twilio's duration fields are whole seconds as text; anything else is unknown. */
export function secondsOf(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,6}$/.test(value)) return null;
  return Number(value);
}

/**
 * The missed-call text obeys the SMS rules: a phone that texted STOP gets nothing; a known client
 * who withdrew SMS consent gets nothing; a caller we don't know (or a client who never decided)
 * is answered, because they just called us and the text only answers that call.
 */
export type TextBackVerdict = { send: true } | { send: false; reason: 'off' | 'opted out' | 'no consent' };
export function textBackVerdict(input: { enabled: boolean; optedOut: boolean; clientSmsConsent: boolean | null }): TextBackVerdict {
  if (!input.enabled) return { send: false, reason: 'off' };
  if (input.optedOut) return { send: false, reason: 'opted out' };
  if (input.clientSmsConsent === false) return { send: false, reason: 'no consent' };
  return { send: true };
}

export function textBackMessage(bookingUrl: string, clientFirstName: string | null): string {
  const hello = clientFirstName ? `Hi ${clientFirstName}, sorry` : 'Sorry';
  return `${hello} we missed your call. Book online any time: ${bookingUrl} or reply here and we will get back to you.`;
}
