/**
 * The texts of a waitlist offer (a freed time offered to a waitlisted client); pure so every
 * wording is tested (the channel rule is delivery/domain/client-message-rules.ts). Times are written in the location's
 * time zone, 12-hour, dates as short month, day, year (spec §9).
 */

import { localDateTime, oneLine } from '../../delivery/domain/client-message-rules.js';
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

export function renderOfferSms(input: OfferMessageInput): string {
  const w = wording(input);
  return `${w.business}: ${w.greeting} a time opened up for ${w.service} on ${w.when}. ${w.expiry} Book it or pass: ${input.link}`;
}

export function renderOfferEmail(input: OfferMessageInput): OfferEmail {
  const w = wording(input);
  const intro = [
    `A time opened up for ${w.service} at ${w.business}, and you are next on the waitlist.`,
    `${w.day}, ${w.start} to ${w.end}.`,
  ];
  const outro = "Can't make it? Pass on the same page and the time goes to the next person on the waitlist.";
  const text = [w.greeting, '', ...intro, 'Open this link to book it or pass:', '', input.link, '', w.expiry, outro, '', w.business].join(
    '\n',
  );
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
