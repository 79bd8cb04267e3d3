import {
  CLIENT_AUTOMATION_TRIGGERS,
  CUSTOM_AUTOMATION_MAX_DAYS,
  CUSTOM_AUTOMATION_MAX_DELAY_HOURS,
  type CustomAutomationTrigger,
  renderTemplate,
  saveCustomAutomationInputSchema,
  type SaveCustomAutomationInput,
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

/** The owner-automation editor's fields, as typed. */
export interface CustomAutomationForm {
  name: string;
  trigger: string;
  delayHours: string;
  /** The N of "N days since the last visit". */
  days: string;
  serviceContains: string;
  firstVisitOnly: boolean;
  channelRule: string;
  smsTemplate: string;
  emailSubject: string;
  emailTemplate: string;
  enabled: boolean;
}

export const EMPTY_CUSTOM_AUTOMATION: CustomAutomationForm = {
  name: '',
  trigger: 'appointment-completed',
  delayHours: '24',
  days: '30',
  serviceContains: '',
  firstVisitOnly: false,
  channelRule: 'sms-else-email',
  smsTemplate: 'Hi {{firstName}}, thank you for visiting {{locationName}}!',
  emailSubject: 'Thank you, {{firstName}}',
  emailTemplate: 'Hi {{firstName}},\n\nThank you for your {{service}} with {{staff}}.\n\n{{locationName}}',
  enabled: true,
};

/**
 * The editor's form as the API's input, checked with the same schema the service uses: the input,
 * or one message per field (keyed like the server's field errors, e.g. `conditions.serviceContains`).
 */
export function customAutomationInput(
  form: CustomAutomationForm,
  ids: { id: string | null; locationId: string; version: number },
): { input: SaveCustomAutomationInput; errors: null } | { input: null; errors: Record<string, string> } {
  const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const clientTrigger = isClientTrigger(form.trigger);
  const candidate = {
    id: ids.id,
    locationId: ids.locationId,
    name: form.name.trim(),
    trigger: form.trigger,
    delayHours: whole(form.delayHours),
    days: form.trigger === 'days-since-last-visit' ? whole(form.days) : null,
    // The appointment conditions are hidden for a client trigger: what they held is not sent.
    conditions: clientTrigger
      ? { serviceContains: null, firstVisitOnly: false }
      : { serviceContains: form.serviceContains.trim() || null, firstVisitOnly: form.firstVisitOnly },
    channelRule: form.channelRule,
    smsTemplate: form.smsTemplate,
    emailSubject: form.emailSubject,
    emailTemplate: form.emailTemplate,
    enabled: form.enabled,
    version: ids.version,
  };
  const parsed = saveCustomAutomationInputSchema.safeParse(candidate);
  if (parsed.success) return { input: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    if (errors[field]) continue;
    errors[field] =
      field === 'delayHours'
        ? `Enter whole hours from 0 to ${CUSTOM_AUTOMATION_MAX_DELAY_HOURS}`
        : field === 'days'
          ? `Enter whole days from 1 to ${CUSTOM_AUTOMATION_MAX_DAYS}`
          : field === 'name' && !candidate.name
            ? 'Give the automation a name'
            : issue.message;
  }
  return { input: null, errors };
}

/** A trigger about a client (new client, days since the last visit): the appointment conditions do not apply. */
export function isClientTrigger(trigger: string): boolean {
  return CLIENT_AUTOMATION_TRIGGERS.includes(trigger as CustomAutomationTrigger);
}
