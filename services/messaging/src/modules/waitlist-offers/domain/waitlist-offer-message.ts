/**
 * The texts of a waitlist offer (a freed time offered to a waitlisted client) and the choice of
 * channel; pure so every wording and every rule is tested. Times are written in the location's
 * time zone, 12-hour, dates as short month, day, year (spec §9).
 */

import { renderActionEmailHtml } from '../../delivery/domain/email-layout.js';

export interface OfferMessageInput {
  businessName: string;
  firstName: string | null;
  serviceName: string;
  startsAt: string;
  endsAt: string;
  expiresAt: string;
  /** IANA zone of the offer's location. */
  timeZone: string;
  link: string;
}

export interface OfferEmail {
  subject: string;
  text: string;
  html: string;
}

export function offerLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/booking?offer=${encodeURIComponent(token)}`;
}

/** 'Mar 10, 2026' and '2:30 PM' in the zone; plain spaces (ICU's narrow no-break space would make an SMS UCS-2). */
export function localDateTime(iso: string, timeZone: string): { date: string; time: string } {
  const at = new Date(iso);
  const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
  return {
    date: plain(new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(at)),
    time: plain(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(at)),
  };
}

export function renderOfferSms(input: OfferMessageInput): string {
  const w = wording(input);
  return `${w.business}: ${w.greeting} a time opened up for ${w.service} on ${w.when}. ${w.expiry} Book it or pass: ${input.link}`;
}

export function renderOfferEmail(input: OfferMessageInput): OfferEmail {
  const w = wording(input);
  const intro = [`A time opened up for ${w.service} at ${w.business}, and you are next on the waitlist.`, `${w.day}, ${w.start} to ${w.end}.`];
  const outro = "Can't make it? Pass on the same page and the time goes to the next person on the waitlist.";
  const text = [w.greeting, '', ...intro, 'Open this link to book it or pass:', '', input.link, '', w.expiry, outro, '', w.business].join('\n');
  const html = renderActionEmailHtml({
    greeting: w.greeting,
    intro,
    action: { label: 'Book this time', link: input.link },
    linkNote: `${w.expiry} If the button does not work, paste this address into your browser:`,
    outro,
    signature: w.business,
  });
  return { subject: `${w.business}: a time opened up for ${w.service} on ${w.when}`, text, html };
}

function wording(input: OfferMessageInput) {
  const start = localDateTime(input.startsAt, input.timeZone);
  const expires = localDateTime(input.expiresAt, input.timeZone);
  const firstName = input.firstName ? oneLine(input.firstName) : '';
  return {
    business: oneLine(input.businessName),
    service: oneLine(input.serviceName),
    greeting: firstName ? `Hi ${firstName},` : 'Hi,',
    day: start.date,
    start: start.time,
    end: localDateTime(input.endsAt, input.timeZone).time,
    when: `${start.date} at ${start.time}`,
    expiry: `This offer expires at ${expires.time} on ${expires.date}.`,
  };
}

/** Names from other services go into one-line places (SMS, subject): no line breaks, no runs of spaces. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export interface OfferRecipient {
  phone: string | null;
  email: string | null;
  smsConsent: boolean;
  /** The number replied STOP here (messaging's own opt-out list): a text would only be suppressed. */
  smsOptedOut: boolean;
}

export type OfferChannel = { channel: 'sms' | 'email'; to: string } | { channel: null; reason: string };

/**
 * A text when the client has a phone and agreed to texts; otherwise an e-mail when they have an
 * address. The offer answers a request the client made themselves (joining the waitlist), so it is
 * a transactional reply, not marketing: e-mail consent (which governs promotional e-mail) is not
 * needed for it. SMS consent still is, because texting a number that did not agree is not allowed.
 */
export function offerChannel(r: OfferRecipient): OfferChannel {
  if (r.phone && r.smsConsent && !r.smsOptedOut) return { channel: 'sms', to: r.phone };
  if (r.email) return { channel: 'email', to: r.email };
  const why = !r.phone ? 'no phone' : r.smsOptedOut ? 'the phone opted out of texts (STOP)' : 'no SMS consent';
  return { channel: null, reason: `${why} and no e-mail address` };
}
