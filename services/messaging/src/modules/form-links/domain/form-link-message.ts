/**
 * The texts of a "fill your forms" link (documents.form-link.requested.v1): the forms a booked
 * visit asks (intake, consent, waiver), or those staff sent from the client's profile. One link,
 * to the first form; the page leads on to the others. Pure, so every wording is tested.
 */

import { localDateTime, oneLine } from '../../delivery/domain/client-message-rules.js';
import { renderActionEmailHtml } from '../../delivery/domain/email-layout.js';

export interface FormLinkMessageInput {
  businessName: string;
  firstName: string | null;
  formNames: string[];
  /** The visit they are for; null when staff sent them outside a booking. */
  startsAt: string | null;
  expiresAt: string;
  /** IANA zone of the visit's location (or the business's). */
  timeZone: string;
  link: string;
}

export function formLink(publicUrl: string, formId: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/forms/${encodeURIComponent(formId)}?r=${encodeURIComponent(token)}`;
}

export function renderFormLinkSms(input: FormLinkMessageInput): string {
  const w = wording(input);
  return `${w.business}: ${w.greeting} ${w.ask}: ${input.link} The link works until ${w.expiry}.`;
}

export function renderFormLinkEmail(input: FormLinkMessageInput): { subject: string; text: string; html: string } {
  const w = wording(input);
  const intro = [`${w.ask.charAt(0).toUpperCase()}${w.ask.slice(1)}.`, 'It takes a few minutes on your phone and saves time at the desk.'];
  const text = [w.greeting, '', ...intro, '', input.link, '', `The link works until ${w.expiry}.`, '', w.business].join('\n');
  const html = renderActionEmailHtml({
    greeting: w.greeting,
    intro,
    action: { label: input.formNames.length === 1 ? 'Fill in the form' : 'Fill in the forms', link: input.link },
    linkNote: `The link works until ${w.expiry}. If the button does not work, paste this address into your browser:`,
    outro: 'The link is yours alone: please do not share it.',
    signature: w.business,
  });
  return { subject: `${w.business}: ${input.formNames.length === 1 ? 'a form' : 'forms'} to fill before your visit`, text, html };
}

/** "Intake", "Intake and Waiver", "Intake, Waiver and Consent". */
export function listOf(names: readonly string[]): string {
  const n = names.map(oneLine);
  return n.length <= 1 ? (n[0] ?? '') : `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}`;
}

function wording(input: FormLinkMessageInput) {
  const expires = localDateTime(input.expiresAt, input.timeZone);
  const firstName = input.firstName ? oneLine(input.firstName) : '';
  const forms = `${input.formNames.length === 1 ? 'the form' : 'the forms'} ${listOf(input.formNames)}`;
  let ask = `please fill in ${forms}`;
  if (input.startsAt) {
    const start = localDateTime(input.startsAt, input.timeZone);
    ask = `before your visit on ${start.date} at ${start.time}, ${ask}`;
  }
  return {
    business: oneLine(input.businessName),
    greeting: firstName ? `Hi ${firstName},` : 'Hi,',
    ask,
    expiry: `${expires.time} on ${expires.date}`,
  };
}
