/**
 * The texts of a "was this booking yours?" link (scheduling.booking-claim.requested.v1): someone
 * booked online with this client's phone or e-mail and said they had booked before. It goes to the
 * client on file, so it must make sense to a client who did not book (ignore it) as well as to one
 * who did (follow it). Pure, so every wording is tested.
 */

import { localDateTime, oneLine } from '../../delivery/domain/client-message-rules.js';
import { renderActionEmailHtml } from '../../delivery/domain/email-layout.js';

export interface ClaimMessageInput {
  businessName: string;
  firstName: string | null;
  serviceName: string;
  startsAt: string;
  expiresAt: string;
  /** IANA zone of the booking's location. */
  timeZone: string;
  link: string;
}

export function claimLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/booking?confirm=${encodeURIComponent(token)}`;
}

export function renderClaimSms(input: ClaimMessageInput): string {
  const w = wording(input);
  return `${w.business}: ${w.greeting} ${w.what} If it was you, add it to your profile by ${w.expiry}: ${input.link} If not, ignore this text.`;
}

export function renderClaimEmail(input: ClaimMessageInput): { subject: string; text: string; html: string } {
  const w = wording(input);
  const intro = [w.what, 'If it was you, add it to your profile, so it sits with your other visits.'];
  const outro = 'If it was not you, ignore this e-mail: the booking stays apart from your profile.';
  const text = [w.greeting, '', ...intro, '', input.link, '', `The link works until ${w.expiry}.`, outro, '', w.business].join('\n');
  const html = renderActionEmailHtml({
    greeting: w.greeting,
    intro,
    action: { label: 'Add it to my profile', link: input.link },
    linkNote: `The link works until ${w.expiry}. If the button does not work, paste this address into your browser:`,
    outro,
    signature: w.business,
  });
  return { subject: `${w.business}: was this booking yours?`, text, html };
}

function wording(input: ClaimMessageInput) {
  const start = localDateTime(input.startsAt, input.timeZone);
  const expires = localDateTime(input.expiresAt, input.timeZone);
  const firstName = input.firstName ? oneLine(input.firstName) : '';
  return {
    business: oneLine(input.businessName),
    greeting: firstName ? `Hi ${firstName},` : 'Hi,',
    what: `${oneLine(input.serviceName)} on ${start.date} at ${start.time} was booked online with your contact details by someone who has booked with us before.`,
    expiry: `${expires.time} on ${expires.date}`,
  };
}
