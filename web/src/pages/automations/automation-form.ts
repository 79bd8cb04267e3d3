import {
  renderTemplate,
  SAMPLE_TEMPLATE_VALUES,
  smsSegments,
  unknownTemplateVariables,
  type SmsSegments,
} from '@salon/contracts/messaging';

/** What the timing field reads for each unit (null: the automation has no timing). */
export const TIMING_LABELS: Record<string, string | null> = {
  none: null,
  'hours-before': 'Hours before the appointment',
  'hours-after': 'Hours after',
  'weeks-after': 'Weeks after the last visit',
  'days-before': 'Days before the birthday',
  'months-after': 'Months after the last visit',
};

export const CHANNEL_LABELS: Record<string, string> = {
  'sms-else-email': 'SMS when the client agreed to texts, otherwise e-mail',
  both: 'SMS and e-mail',
  email: 'E-mail only',
};

export interface Preview {
  sms: string;
  segments: SmsSegments;
  emailSubject: string;
  emailText: string;
  /** Variables spelled wrong, per field. */
  problems: { field: 'smsTemplate' | 'emailSubject' | 'emailTemplate'; names: string[] }[];
}

/** The live preview of the editor: the templates filled with a sample client, and the SMS segment count. */
export function preview(t: { smsTemplate: string; emailSubject: string; emailTemplate: string }): Preview {
  const sms = renderTemplate(t.smsTemplate, SAMPLE_TEMPLATE_VALUES);
  const problems = (['smsTemplate', 'emailSubject', 'emailTemplate'] as const)
    .map((field) => ({ field, names: unknownTemplateVariables(t[field]) }))
    .filter((p) => p.names.length > 0);
  return {
    sms,
    segments: smsSegments(sms),
    emailSubject: renderTemplate(t.emailSubject, SAMPLE_TEMPLATE_VALUES),
    emailText: renderTemplate(t.emailTemplate, SAMPLE_TEMPLATE_VALUES),
    problems,
  };
}

/** "10.0% (2 of 20)", or "no finished appointments" when the group is empty. */
export function noShowRateText(group: { appointments: number; noShows: number; rate: number | null }): string {
  if (group.rate === null) return 'no finished appointments';
  return `${(group.rate * 100).toFixed(1)}% (${group.noShows} of ${group.appointments})`;
}
