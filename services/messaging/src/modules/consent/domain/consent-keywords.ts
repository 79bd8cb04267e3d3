/**
 * Twilio's standard opt-out and opt-in keywords (its Messaging Service defaults, which carriers
 * expect). A message counts only when it is exactly the keyword, ignoring case, spaces and
 * trailing punctuation: "Stop!" opts out, "stop by at 5" does not.
 */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'] as const;
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;

export type ConsentChange = 'opt-out' | 'opt-in';

/** The keyword a message is (upper case, as listed above), or null for any other message. */
export function consentKeywordOf(body: string | undefined | null): string | null {
  const word = (body ?? '')
    .trim()
    .replace(/[\s.!?]+$/u, '')
    .toUpperCase();
  return (OPT_OUT_KEYWORDS as readonly string[]).includes(word) || (OPT_IN_KEYWORDS as readonly string[]).includes(word) ? word : null;
}

export function consentChangeOf(body: string | undefined | null): ConsentChange | null {
  const word = consentKeywordOf(body);
  if (!word) return null;
  return (OPT_OUT_KEYWORDS as readonly string[]).includes(word) ? 'opt-out' : 'opt-in';
}
