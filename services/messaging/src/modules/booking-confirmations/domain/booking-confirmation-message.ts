/**
 * The texts that confirm an online booking to the client; pure so every wording is tested. Times
 * in the location's zone, 12-hour, dates as short month, day, year (spec §9).
 */
import { localDateTime, oneLine } from '../../delivery/domain/client-message-rules.js';
import { renderActionEmailHtml } from '../../delivery/domain/email-layout.js';

export interface ConfirmationInput {
  businessName: string;
  firstName: string | null;
  serviceName: string;
  staffName: string | null;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  /**
   * Where the client sees, moves or cancels it: the booking page, for a client who booked signed
   * in. A visitor without an account cannot manage it there, so they get the phone instead.
   */
  manageLink: string | null;
  phone: string | null;
}

export function manageLink(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/booking`;
}

function wording(input: ConfirmationInput) {
  const start = localDateTime(input.startsAt, input.timeZone);
  const first = input.firstName ? oneLine(input.firstName) : '';
  const staff = input.staffName ? oneLine(input.staffName) : null;
  return {
    business: oneLine(input.businessName),
    greeting: first ? `Hi ${first},` : 'Hi,',
    what: staff ? `${oneLine(input.serviceName)} with ${staff}` : oneLine(input.serviceName),
    when: `${start.date} at ${start.time}`,
    until: localDateTime(input.endsAt, input.timeZone).time,
    start,
    change: input.manageLink
      ? `See or change it: ${input.manageLink}`
      : input.phone
        ? `To change or cancel, call us at ${oneLine(input.phone)}.`
        : 'To change or cancel, please contact us.',
  };
}

export function renderConfirmationSms(input: ConfirmationInput): string {
  const w = wording(input);
  return `${w.business}: ${w.greeting} you're booked for ${w.what} on ${w.when}. ${w.change}`;
}

export function renderConfirmationEmail(input: ConfirmationInput): { subject: string; text: string; html: string } {
  const w = wording(input);
  const intro = [`You're booked at ${w.business}: ${w.what}.`, `${w.start.date}, ${w.start.time} to ${w.until}.`];
  const outro = input.manageLink
    ? 'You can change or cancel it on our booking page until the cancellation window; after that, please call us.'
    : w.change;
  const text = [w.greeting, '', ...intro, '', ...(input.manageLink ? [w.change, ''] : []), outro, '', w.business].join('\n');
  const html = renderActionEmailHtml({
    greeting: w.greeting,
    intro,
    action: input.manageLink ? { label: 'See your booking', link: input.manageLink } : undefined,
    linkNote: 'If the button does not work, paste this address into your browser:',
    outro,
    signature: w.business,
  });
  return { subject: `${w.business}: you're booked for ${w.what} on ${w.when}`, text, html };
}
