/**
 * May the assistant text this number? Consent and STOP apply to every AI send (issue 16): a phone
 * that texted STOP gets nothing, and neither does a client whose SMS consent was withdrawn. A number
 * with no decision on file may be answered: the client texted first and a reply is what they asked for.
 */
export type AiSendVerdict = { ok: true } | { ok: false; reason: string };

export function aiSendVerdict(optedOut: boolean, clientSmsConsent: { granted: boolean } | null): AiSendVerdict {
  if (optedOut) return { ok: false, reason: 'The number texted STOP: no AI reply is sent' };
  if (clientSmsConsent && !clientSmsConsent.granted) return { ok: false, reason: 'The client has withdrawn consent to texts' };
  return { ok: true };
}
