/**
 * Twilio's standard opt-out and opt-in keywords (its Messaging Service defaults, which carriers
 * expect). A message counts only when it is exactly the keyword, ignoring case, spaces and
 * trailing punctuation: "Stop!" opts out, "stop by at 5" does not.
 */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'] as const;
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;

export type ConsentChange = 'opt-out' | 'opt-in';

export function consentChangeOf(body: string | undefined | null): ConsentChange | null {
  const word = (body ?? '').trim().replace(/[\s.!?]+$/u, '').toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'opt-out';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'opt-in';
  return null;
}
