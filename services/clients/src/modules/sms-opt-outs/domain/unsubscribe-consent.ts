import { decideConsent, type ConsentDecision } from '../../clients/domain/client-rules.js';

/**
 * What a campaign's unsubscribe link (relayed by messaging) does to one client's consent for that
 * channel: a granted consent is withdrawn (method `unsubscribe-link`, by nobody: the client said
 * it). Null when nothing changes: already not consenting, or a decision recorded after the click
 * (staff asked in person since) stands.
 */
export function unsubscribeDecision(current: ConsentDecision, at: Date): ConsentDecision | null {
  if (current.at && current.at.getTime() > at.getTime()) return null;
  if (!current.granted) return null;
  return decideConsent(current, { granted: false, method: 'unsubscribe-link' }, null, at);
}
