/**
 * Rules every transactional message to a client shares (waitlist offers, booking confirmations):
 * how times are written and which channel reaches the client. Pure, tested.
 */

/** 'Mar 10, 2026' and '2:30 PM' in the zone; plain spaces (ICU's narrow no-break space would make an SMS UCS-2). */
export function localDateTime(iso: string, timeZone: string): { date: string; time: string } {
  const at = new Date(iso);
  const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
  return {
    date: plain(new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(at)),
    time: plain(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(at)),
  };
}

/** Names from other services go into one-line places (SMS, subject): no line breaks, no runs of spaces. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export interface ClientRecipient {
  phone: string | null;
  email: string | null;
  smsConsent: boolean;
  /** The number replied STOP here (messaging's own opt-out list): a text would only be suppressed. */
  smsOptedOut: boolean;
}

export type ClientChannel = { channel: 'sms' | 'email'; to: string } | { channel: null; reason: string };

/**
 * A text when the client has a phone and agreed to texts; otherwise an e-mail when they have an
 * address. These messages answer something the client did themselves (joined the waitlist, booked
 * online), so they are transactional replies, not marketing: e-mail consent (which governs
 * promotional e-mail) is not needed for them. SMS consent still is: texting a number that did not
 * agree is not allowed.
 */
export function clientChannel(r: ClientRecipient): ClientChannel {
  if (r.phone && r.smsConsent && !r.smsOptedOut) return { channel: 'sms', to: r.phone };
  if (r.email) return { channel: 'email', to: r.email };
  const why = !r.phone ? 'no phone' : r.smsOptedOut ? 'the phone opted out of texts (STOP)' : 'no SMS consent';
  return { channel: null, reason: `${why} and no e-mail address` };
}
