import { decideConsent, type ConsentDecision } from '../../clients/domain/client-rules.js';

/**
 * What a phone's STOP or START (relayed by messaging) does to one client's SMS consent, through the
 * same `decideConsent` as a staff edit (method `sms-keyword`, by nobody: the phone's owner said it).
 * Null when nothing changes, so a repeated keyword or a redelivered event publishes nothing.
 * - STOP withdraws a granted consent. A client who had not consented stays as recorded (no new
 *   decision: the answer is already no, and how it came about is worth keeping).
 * - START restores only what a STOP withdrew. It never signs up a client who did not agree, or whom
 *   staff recorded as refusing: YES is an opt-in keyword, and also an everyday answer to a text.
 * - A decision recorded after the text was received (staff asked in person since) stands.
 */
export function smsKeywordDecision(current: ConsentDecision, optedIn: boolean, receivedAt: Date): ConsentDecision | null {
  if (current.at && current.at.getTime() > receivedAt.getTime()) return null;
  if (optedIn ? current.granted || current.method !== 'sms-keyword' : !current.granted) return null;
  return decideConsent(current, { granted: optedIn, method: 'sms-keyword' }, null, receivedAt);
}
