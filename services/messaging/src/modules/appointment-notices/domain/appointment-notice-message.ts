/**
 * The texts that tell a client their appointment changed (the desk moved it and chose "Notify
 * client"); pure so every wording is tested. Times in the location's zone, 12-hour, dates as
 * short month, day, year (spec §9).
 */
import { localDateTime, oneLine } from '../../delivery/domain/client-message-rules.js';
import { renderActionEmailHtml } from '../../delivery/domain/email-layout.js';

export interface NoticeInput {
  businessName: string;
  firstName: string | null;
  serviceName: string;
  staffName: string | null;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  phone: string | null;
}

function wording(input: NoticeInput) {
  const start = localDateTime(input.startsAt, input.timeZone);
  const first = input.firstName ? oneLine(input.firstName) : '';
  const staff = input.staffName ? oneLine(input.staffName) : null;
  return {
    business: oneLine(input.businessName),
    greeting: first ? `Hi ${first},` : 'Hi,',
    what: staff ? `${oneLine(input.serviceName)} with ${staff}` : oneLine(input.serviceName),
    when: `${start.date} at ${start.time}`,
    start,
    until: localDateTime(input.endsAt, input.timeZone).time,
    contact: input.phone ? `If that doesn't suit you, call us at ${oneLine(input.phone)}.` : "If that doesn't suit you, please contact us.",
  };
}

export function renderNoticeSms(input: NoticeInput): string {
  const w = wording(input);
  return `${w.business}: ${w.greeting} your appointment has changed: ${w.what} is now on ${w.when}. ${w.contact}`;
}

export function renderNoticeEmail(input: NoticeInput): { subject: string; text: string; html: string } {
  const w = wording(input);
  const intro = [
    `Your appointment at ${w.business} has changed: ${w.what}.`,
    `It is now on ${w.start.date}, ${w.start.time} to ${w.until}.`,
  ];
  const text = [w.greeting, '', ...intro, '', w.contact, '', w.business].join('\n');
  const html = renderActionEmailHtml({ greeting: w.greeting, intro, outro: w.contact, signature: w.business });
  return { subject: `${w.business}: your appointment is now on ${w.when}`, text, html };
}
