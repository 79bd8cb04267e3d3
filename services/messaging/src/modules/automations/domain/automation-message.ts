import { AUTOMATION_DEFAULTS, renderTemplate, type AutomationKind, type TemplateValues } from '@salon/contracts';
import { DateTime } from 'luxon';

export interface AutomationTemplates {
  kind: AutomationKind;
  smsTemplate: string | null;
  emailSubject: string | null;
  emailTemplate: string | null;
}

export interface AutomationTexts {
  sms: string;
  emailSubject: string;
  emailText: string;
}

/** The automation's own templates, or the built-in ones where it has none, filled with the values. */
export function automationTexts(a: AutomationTemplates, values: TemplateValues): AutomationTexts {
  const d = AUTOMATION_DEFAULTS[a.kind];
  return {
    sms: renderTemplate(a.smsTemplate ?? d.smsTemplate, values),
    emailSubject: renderTemplate(a.emailSubject ?? d.emailSubject, values),
    emailText: renderTemplate(a.emailTemplate ?? d.emailTemplate, values),
  };
}

/** The values of one send: date and time on the location's wall clock (its zone, across DST). */
export function templateValues(input: {
  firstName: string | null;
  serviceName: string | null;
  staffName: string | null;
  startsAt: Date | null;
  timeZone: string;
  businessName: string;
  publicUrl: string;
}): TemplateValues {
  const local = input.startsAt ? DateTime.fromJSDate(input.startsAt, { zone: input.timeZone }).setLocale('en-US') : null;
  const base = input.publicUrl.replace(/\/+$/, '');
  return {
    firstName: input.firstName ?? 'there',
    service: input.serviceName,
    staff: input.staffName,
    date: local ? local.toFormat('ccc, LLL d') : null,
    time: local ? local.toFormat('h:mm a') : null,
    locationName: input.businessName,
    locationAddress: null,
    bookingLink: `${base}/booking`,
    manageLink: `${base}/booking`,
    reviewLink: `${base}/booking`,
  };
}
