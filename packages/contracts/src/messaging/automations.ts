/**
 * Automations (`/automations`): the built-in messages each location sends on its own, their
 * settings, templates and the delivery state of each send. The template language and the SMS
 * segment count live here too, so the screen's live preview and the service's send agree.
 */
import { SegmentedMessage } from 'sms-segments-calculator';
import { z } from 'zod';
import { e164Schema } from '../rules/phone-schema.js';
import { intSchema } from '../rules/numbers.js';
import { lineSchema, textSchema, TEXT_LIMITS } from '../rules/text.js';

/** The built-in automations, in the order the screen lists them. */
export const AUTOMATION_KINDS = [
  'booking-confirmation',
  'reminder',
  'second-reminder',
  'thank-you',
  'no-show',
  'rebook',
  'birthday',
  'win-back',
] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

/** SMS when the client consented to texts (and did not text STOP), otherwise e-mail; or both; or e-mail only. */
export const CHANNEL_RULES = ['sms-else-email', 'both', 'email'] as const;
export type ChannelRule = (typeof CHANNEL_RULES)[number];

/** What `timing` counts for each kind (none: sent at once). */
export const AUTOMATION_TIMING_UNITS = {
  'booking-confirmation': 'none',
  reminder: 'hours-before',
  'second-reminder': 'hours-before',
  'thank-you': 'hours-after',
  'no-show': 'hours-after',
  rebook: 'weeks-after',
  birthday: 'days-before',
  'win-back': 'months-after',
} as const satisfies Record<AutomationKind, string>;
export type AutomationTimingUnit = (typeof AUTOMATION_TIMING_UNITS)[AutomationKind];

/** The largest timing per unit: a reminder at most two weeks ahead, a win-back at most two years on. */
export const AUTOMATION_TIMING_MAX: Record<AutomationTimingUnit, number> = {
  none: 0,
  'hours-before': 336,
  'hours-after': 336,
  'weeks-after': 104,
  'days-before': 60,
  'months-after': 24,
};

/** The variables a template may use, as `{{name}}`. */
export const TEMPLATE_VARIABLES = [
  'firstName',
  'service',
  'staff',
  'date',
  'time',
  'locationName',
  'locationAddress',
  'bookingLink',
  'manageLink',
  'reviewLink',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Partial<Record<TemplateVariable, string | null>>;

export interface AutomationDefaults {
  label: string;
  description: string;
  enabled: boolean;
  channelRule: ChannelRule;
  timing: number;
  smsTemplate: string;
  emailSubject: string;
  emailTemplate: string;
}

/**
 * What a location has before it changes anything. The booking confirmation is on (it was sent
 * before automations existed); the others wait for the owner to turn them on.
 */
export const AUTOMATION_DEFAULTS: Record<AutomationKind, AutomationDefaults> = {
  'booking-confirmation': {
    label: 'Booking confirmation',
    description: 'Sent when a client books online.',
    enabled: true,
    channelRule: 'sms-else-email',
    timing: 0,
    smsTemplate: '{{locationName}}: {{firstName}}, you are booked for {{service}} with {{staff}} on {{date}} at {{time}}.',
    emailSubject: 'Your booking at {{locationName}}',
    emailTemplate: 'Hi {{firstName}},\n\nYou are booked for {{service}} with {{staff}} on {{date}} at {{time}}.\n\n{{locationName}}',
  },
  reminder: {
    label: 'Appointment reminder',
    description: 'Sent a number of hours before the appointment; moved or dropped with it.',
    enabled: false,
    channelRule: 'sms-else-email',
    timing: 24,
    smsTemplate: '{{locationName}}: reminder, {{service}} with {{staff}} on {{date}} at {{time}}. Reply C to confirm.',
    emailSubject: 'Reminder: {{service}} on {{date}}',
    emailTemplate: 'Hi {{firstName}},\n\nThis is a reminder of {{service}} with {{staff}} on {{date}} at {{time}}.\n\n{{locationName}}',
  },
  'second-reminder': {
    label: 'Second reminder',
    description: 'A second reminder, closer to the time.',
    enabled: false,
    channelRule: 'sms-else-email',
    timing: 2,
    smsTemplate: '{{locationName}}: see you at {{time}} today for {{service}}. Reply C to confirm.',
    emailSubject: 'See you at {{time}}',
    emailTemplate: 'Hi {{firstName}},\n\nSee you at {{time}} for {{service}} with {{staff}}.\n\n{{locationName}}',
  },
  'thank-you': {
    label: 'Thank you',
    description: 'Sent after a completed visit, with the review link.',
    enabled: false,
    channelRule: 'sms-else-email',
    timing: 2,
    smsTemplate: 'Thank you for visiting {{locationName}}, {{firstName}}! Tell us how it went: {{reviewLink}}',
    emailSubject: 'Thank you for your visit',
    emailTemplate: 'Hi {{firstName}},\n\nThank you for visiting {{locationName}}. Tell us how it went: {{reviewLink}}',
  },
  'no-show': {
    label: 'No-show follow-up',
    description: 'Sent after an appointment the client missed.',
    enabled: false,
    channelRule: 'sms-else-email',
    timing: 1,
    smsTemplate: '{{locationName}}: we missed you today, {{firstName}}. Book again: {{bookingLink}}',
    emailSubject: 'We missed you',
    emailTemplate: 'Hi {{firstName}},\n\nWe missed you today. Book a new time: {{bookingLink}}\n\n{{locationName}}',
  },
  rebook: {
    label: 'Rebook nudge',
    description: 'Sent a number of weeks after the last visit when nothing is booked.',
    enabled: false,
    channelRule: 'sms-else-email',
    timing: 6,
    smsTemplate: '{{locationName}}: time for your next {{service}}, {{firstName}}? {{bookingLink}}',
    emailSubject: 'Time for your next visit?',
    emailTemplate: 'Hi {{firstName}},\n\nIt has been a while since your {{service}}. Book your next visit: {{bookingLink}}',
  },
  birthday: {
    label: 'Birthday',
    description: 'Sent a number of days before the client’s birthday.',
    enabled: false,
    channelRule: 'email',
    timing: 0,
    smsTemplate: 'Happy birthday from {{locationName}}, {{firstName}}!',
    emailSubject: 'Happy birthday, {{firstName}}!',
    emailTemplate: 'Hi {{firstName}},\n\nHappy birthday from all of us at {{locationName}}.',
  },
  'win-back': {
    label: 'Win-back',
    description: 'Sent a number of months after the last visit.',
    enabled: false,
    channelRule: 'email',
    timing: 3,
    smsTemplate: '{{locationName}}: we miss you, {{firstName}}! {{bookingLink}}',
    emailSubject: 'We miss you at {{locationName}}',
    emailTemplate: 'Hi {{firstName}},\n\nIt has been a while. Book a visit: {{bookingLink}}',
  },
};

/** Template limits: an SMS template of at most 10 segments' worth; an e-mail body of a long letter. */
export const TEMPLATE_LIMITS = { sms: 1_600, emailSubject: 200, email: TEXT_LIMITS.text } as const;

const VARIABLE = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The variables a template uses that do not exist (spelling mistakes), or an empty list. */
export function unknownTemplateVariables(template: string): string[] {
  const known = new Set<string>(TEMPLATE_VARIABLES);
  return [...new Set([...template.matchAll(VARIABLE)].map((m) => m[1]!).filter((name) => !known.has(name)))];
}

/** Fills `{{variable}}`s; a value the send does not have (no staff, no link) becomes empty text. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template
    .replace(VARIABLE, (_, name: string) => values[name as TemplateVariable] ?? '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

export interface SmsSegments {
  /** GSM-7 (160 characters a segment, 153 when split) or UCS-2 (70, 67) as soon as one character needs it. */
  encoding: 'GSM-7' | 'UCS-2';
  segments: number;
  characters: number;
  /** The characters that forced UCS-2 (an emoji, a curly quote), so the editor can say which. */
  nonGsmCharacters: string[];
}

/** How many SMS segments a text costs, as carriers count them (sms-segments-calculator). */
export function smsSegments(text: string): SmsSegments {
  if (text.length === 0) return { encoding: 'GSM-7', segments: 0, characters: 0, nonGsmCharacters: [] };
  const m = new SegmentedMessage(text, 'auto', false);
  return {
    encoding: m.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7',
    segments: m.segmentsCount,
    characters: m.numberOfCharacters,
    nonGsmCharacters: m.getNonGsmCharacters(),
  };
}

const templateSchema = (max: number) =>
  textSchema(max, { min: 1, trim: false }).refine((t) => unknownTemplateVariables(t).length === 0, {
    message: `uses a variable that does not exist (known: ${TEMPLATE_VARIABLES.join(', ')})`,
  });

export const automationCountsSchema = z.object({
  scheduled: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  replies: z.number().int(),
  confirmed: z.number().int(),
});
export type AutomationCounts = z.infer<typeof automationCountsSchema>;

export const automationViewSchema = z.object({
  locationId: z.string(),
  kind: z.enum(AUTOMATION_KINDS),
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  channelRule: z.enum(CHANNEL_RULES),
  timing: z.number().int(),
  timingUnit: z.string(),
  smsTemplate: z.string(),
  emailSubject: z.string(),
  emailTemplate: z.string(),
  version: z.number().int(),
  counts: automationCountsSchema,
});
export type AutomationView = z.infer<typeof automationViewSchema>;

export const updateAutomationInputSchema = z.object({
  locationId: lineSchema(100, { min: 1 }),
  kind: z.enum(AUTOMATION_KINDS),
  enabled: z.boolean().optional(),
  channelRule: z.enum(CHANNEL_RULES).optional(),
  timing: intSchema({ min: 0, max: 336 }).optional(),
  smsTemplate: templateSchema(TEMPLATE_LIMITS.sms).optional(),
  emailSubject: templateSchema(TEMPLATE_LIMITS.emailSubject).optional(),
  emailTemplate: templateSchema(TEMPLATE_LIMITS.email).optional(),
  /** The version the editor read: a stale save is refused (409). */
  version: intSchema({ min: 0 }),
});
export type UpdateAutomationInput = z.infer<typeof updateAutomationInputSchema>;

/** Quiet hours (no SMS between start and end, local time of the location) and the per-client cap. */
export const automationSettingsViewSchema = z.object({
  locationId: z.string(),
  quietStart: z.string(),
  quietEnd: z.string(),
  maxPerClientPerDay: z.number().int(),
  version: z.number().int(),
});
export type AutomationSettingsView = z.infer<typeof automationSettingsViewSchema>;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 21:00');
export const updateAutomationSettingsInputSchema = z.object({
  locationId: lineSchema(100, { min: 1 }),
  quietStart: clockTime,
  quietEnd: clockTime,
  maxPerClientPerDay: intSchema({ min: 1, max: 20 }),
  version: intSchema({ min: 0 }),
});
export type UpdateAutomationSettingsInput = z.infer<typeof updateAutomationSettingsInputSchema>;

export const AUTOMATION_DEFAULT_SETTINGS = { quietStart: '21:00', quietEnd: '08:00', maxPerClientPerDay: 3 } as const;

/** A test send of an automation's current template, with sample values, to a number or an address. */
export const automationTestSendInputSchema = z
  .object({
    locationId: lineSchema(100, { min: 1 }),
    kind: z.enum(AUTOMATION_KINDS),
    phone: e164Schema.optional(),
    email: z.email('must be an e-mail address').max(254).optional(),
  })
  .refine((v) => v.phone !== undefined || v.email !== undefined, { path: ['phone'], message: 'give a phone or an e-mail address' });
export type AutomationTestSendInput = z.infer<typeof automationTestSendInputSchema>;

/** Delivery state of one automation send: scheduled, then the message's own state. */
export const AUTOMATION_SEND_STATES = ['scheduled', 'queued', 'sent', 'delivered', 'failed', 'cancelled', 'skipped'] as const;
export type AutomationSendState = (typeof AUTOMATION_SEND_STATES)[number];

export const automationSendViewSchema = z.object({
  id: z.string(),
  /** A built-in kind, or `custom` for an owner's automation (named by customAutomationId). */
  kind: z.enum([...AUTOMATION_KINDS, 'custom']),
  customAutomationId: z.string().nullable(),
  appointmentId: z.string().nullable(),
  clientId: z.string(),
  dueAt: z.string(),
  state: z.enum(AUTOMATION_SEND_STATES),
  channels: z.array(z.string()),
  /** Why it was skipped or failed (quiet hours moved it, the cap, no consent, the provider's reason). */
  reason: z.string().nullable(),
});
export type AutomationSendView = z.infer<typeof automationSendViewSchema>;

/** The sample values a preview and a test send use. */
export const SAMPLE_TEMPLATE_VALUES: TemplateValues = {
  firstName: 'Ava',
  service: 'Haircut',
  staff: 'Jordan',
  date: 'Tue, Nov 24',
  time: '10:00 AM',
  locationName: 'Demo Salon',
  locationAddress: '100 Main St',
  bookingLink: 'https://salon.example/booking',
  manageLink: 'https://salon.example/booking',
  reviewLink: 'https://salon.example/review',
};

/** Of finished appointments (completed or no-show) in a group: how many, how many were no-shows, and the share. */
export const noShowGroupSchema = z.object({
  appointments: z.number().int(),
  noShows: z.number().int(),
  /** noShows / appointments; null when there were none. */
  rate: z.number().nullable(),
});
export type NoShowGroup = z.infer<typeof noShowGroupSchema>;

/**
 * The no-show rate of appointments that got a reminder (one that went out) against those that
 * did not, over the appointments that started in the last `days` days at a location.
 */
export const reminderNoShowRatesViewSchema = z.object({
  locationId: z.string(),
  days: z.number().int(),
  reminded: noShowGroupSchema,
  notReminded: noShowGroupSchema,
});
export type ReminderNoShowRatesView = z.infer<typeof reminderNoShowRatesViewSchema>;

/** The window the no-show comparison reads by default. */
export const NO_SHOW_RATE_DAYS = 90;

/**
 * Owner-defined automations: a trigger (an appointment event from scheduling, the clients
 * service's client-created event, or a date: N days since the client's last visit), conditions, a
 * delay after the trigger, a channel rule and the owner's templates. They go through the same send
 * pipeline as the built-in ones (consent at send time, quiet hours, the per-client cap), once per
 * trigger occurrence (the send's idempotency key is the automation and the appointment, the
 * client, or the client and the day of that last visit).
 */
export const CUSTOM_AUTOMATION_TRIGGERS = [
  'appointment-booked',
  'appointment-completed',
  'appointment-cancelled',
  'appointment-no-show',
  'client-created',
  'days-since-last-visit',
] as const;
export type CustomAutomationTrigger = (typeof CUSTOM_AUTOMATION_TRIGGERS)[number];

/** The triggers about a client rather than an appointment: the appointment conditions do not apply to them. */
export const CLIENT_AUTOMATION_TRIGGERS: readonly CustomAutomationTrigger[] = ['client-created', 'days-since-last-visit'];

export const CUSTOM_AUTOMATION_TRIGGER_LABELS: Record<CustomAutomationTrigger, string> = {
  'appointment-booked': 'An appointment is booked',
  'appointment-completed': 'An appointment is completed',
  'appointment-cancelled': 'An appointment is cancelled',
  'appointment-no-show': 'A client does not come (no-show)',
  'client-created': 'A new client is added',
  'days-since-last-visit': 'N days since the client’s last visit',
};

/** The longest wait the "days since last visit" trigger takes: two years. */
export const CUSTOM_AUTOMATION_MAX_DAYS = 730;

/** The longest delay after the trigger: 90 days. */
export const CUSTOM_AUTOMATION_MAX_DELAY_HOURS = 2_160;

export const customAutomationConditionsSchema = z
  .object({
    /** Only when the service's name contains this text (case-insensitive), e.g. "colour". */
    serviceContains: lineSchema(100).nullish(),
    /** Only for the client's first visit (no completed visit before this appointment). */
    firstVisitOnly: z.boolean().optional(),
  })
  .strict();
export type CustomAutomationConditions = z.infer<typeof customAutomationConditionsSchema>;

export const saveCustomAutomationInputSchema = z
  .object({
    /** Absent: a new automation. */
    id: z.uuid('must be an id').nullish(),
    locationId: lineSchema(100, { min: 1 }),
    name: lineSchema(100, { min: 1 }),
    trigger: z.enum(CUSTOM_AUTOMATION_TRIGGERS, { error: `must be one of ${CUSTOM_AUTOMATION_TRIGGERS.join(', ')}` }),
    delayHours: intSchema({ min: 0, max: CUSTOM_AUTOMATION_MAX_DELAY_HOURS }),
    /** The N of "N days since the last visit"; only with that trigger. */
    days: intSchema({ min: 1, max: CUSTOM_AUTOMATION_MAX_DAYS }).nullish(),
    conditions: customAutomationConditionsSchema,
    channelRule: z.enum(CHANNEL_RULES),
    smsTemplate: templateSchema(TEMPLATE_LIMITS.sms),
    emailSubject: templateSchema(TEMPLATE_LIMITS.emailSubject),
    emailTemplate: templateSchema(TEMPLATE_LIMITS.email),
    enabled: z.boolean(),
    /** The version the editor read (0 for a new one): a stale save is refused (409). */
    version: intSchema({ min: 0 }),
  })
  .strict()
  .refine((a) => a.trigger !== 'days-since-last-visit' || (a.days ?? null) !== null, {
    path: ['days'],
    message: 'is required for the days-since-last-visit trigger',
  })
  .refine((a) => a.trigger === 'days-since-last-visit' || (a.days ?? null) === null, {
    path: ['days'],
    message: 'is only for the days-since-last-visit trigger',
  })
  .refine(
    (a) => !CLIENT_AUTOMATION_TRIGGERS.includes(a.trigger) || (!a.conditions.serviceContains?.trim() && !a.conditions.firstVisitOnly),
    {
      path: ['conditions'],
      message: 'the service and first-visit conditions are for appointment triggers only',
    },
  );
export type SaveCustomAutomationInput = z.infer<typeof saveCustomAutomationInputSchema>;

export interface CustomAutomationView {
  id: string;
  locationId: string;
  name: string;
  trigger: CustomAutomationTrigger;
  delayHours: number;
  /** The N of "N days since the last visit" (that trigger only). */
  days: number | null;
  serviceContains: string | null;
  firstVisitOnly: boolean;
  channelRule: ChannelRule;
  smsTemplate: string;
  emailSubject: string;
  emailTemplate: string;
  enabled: boolean;
  version: number;
  counts: AutomationCounts;
}
