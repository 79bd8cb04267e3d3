/**
 * Marketing (`/marketing`): segments (rules over a client's profile and history), campaigns by
 * SMS or e-mail sent to a segment, and their stats. The rule shapes live here so the screen's
 * builder and the service's evaluation read the same thing.
 */
import { z } from 'zod';
import { intSchema } from '../rules/numbers.js';
import { lineSchema, textSchema } from '../rules/text.js';

/** How a segment's rules combine. */
export const SEGMENT_MATCHES = ['all', 'any'] as const;

/** What a rule can ask about a client, in the order the builder offers them. */
export const SEGMENT_FIELDS = [
  'lastVisit',
  'neverVisited',
  'visits',
  'totalSpend',
  'tag',
  'birthdayMonth',
  'serviceHad',
  'preferredLocation',
  'preferredStaff',
] as const;
export type SegmentField = (typeof SEGMENT_FIELDS)[number];

const days = z.number().int('must be a whole number').min(1, 'must be at least 1').max(3650, 'must be at most 3650');
const count = z.number().int('must be a whole number').min(0, 'must not be negative').max(100_000, 'must be at most 100000');
const id = z.string().trim().min(1, 'is required').max(64);

/**
 * One rule. `lastVisit` counts days back from the send (`before`: the last visit was more than
 * `amount` days ago; `within`: in the last `amount` days), so a saved segment stays current.
 * Money is in minor units. `birthdayMonth` 0 means "the month of the send".
 */
export const segmentRuleSchema = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('lastVisit'), op: z.enum(['before', 'within'], 'must be before or within'), amount: days }),
    z.object({ field: z.literal('neverVisited') }),
    z.object({ field: z.literal('visits'), op: z.enum(['atLeast', 'atMost'], 'must be atLeast or atMost'), amount: count }),
    z.object({
      field: z.literal('totalSpend'),
      op: z.enum(['atLeast', 'atMost'], 'must be atLeast or atMost'),
      amount: z.number().int('must be whole cents').min(0, 'must not be negative').max(100_000_000),
    }),
    z.object({ field: z.literal('tag'), op: z.enum(['has', 'hasNot'], 'must be has or hasNot'), value: lineSchema(50, { min: 1 }) }),
    z.object({
      field: z.literal('birthdayMonth'),
      amount: z.number().int().min(0, 'must be 0 (this month) to 12').max(12, 'must be 0 (this month) to 12'),
    }),
    z.object({ field: z.literal('serviceHad'), value: lineSchema(120, { min: 1 }) }),
    z.object({ field: z.literal('preferredLocation'), value: id }),
    z.object({ field: z.literal('preferredStaff'), value: id }),
  ],
  { error: `must be one of ${SEGMENT_FIELDS.join(', ')}` },
);
export type SegmentRule = z.infer<typeof segmentRuleSchema>;

export const segmentDefinitionSchema = z.object({
  match: z.enum(SEGMENT_MATCHES, 'must be all or any'),
  rules: z.array(segmentRuleSchema).min(1, 'needs at least one rule').max(20, 'at most 20 rules'),
});
export type SegmentDefinition = z.infer<typeof segmentDefinitionSchema>;

export const saveSegmentInputSchema = segmentDefinitionSchema
  .extend({
    id: z.uuid('must be an id').optional(),
    name: lineSchema(100, { min: 1, emptyMessage: 'is required' }),
    /** The version the editor read (optimistic lock); absent for a new segment. */
    version: intSchema({ min: 0 }).optional(),
  })
  .strict();
export type SaveSegmentInput = z.input<typeof saveSegmentInputSchema>;

export interface SegmentView {
  id: string;
  name: string;
  match: (typeof SEGMENT_MATCHES)[number];
  rules: SegmentRule[];
  version: number;
  updatedAt: string;
}

/** Clients the segment selects, and how many of them can be reached (consent and an address) per channel. */
export interface SegmentCountView {
  total: number;
  email: number;
  sms: number;
}

export const CAMPAIGN_CHANNELS = ['email', 'sms'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];
export const CAMPAIGN_STATES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const saveCampaignInputSchema = z
  .object({
    id: z.uuid('must be an id').optional(),
    version: intSchema({ min: 0 }).optional(),
    name: lineSchema(100, { min: 1, emptyMessage: 'is required' }),
    channel: z.enum(CAMPAIGN_CHANNELS, 'must be email or sms'),
    segmentId: z.uuid('must be an id'),
    /** The location whose quiet hours and cap apply (and whose zone the schedule is read in). */
    locationId: z.string().trim().max(64).nullish(),
    subject: lineSchema(200).nullish(),
    /** E-mail: the designer's HTML (with its CSS); SMS: unused. */
    html: textSchema(500_000, { trim: false }).nullish(),
    /** The designer's own project (to reopen it), as JSON text. */
    design: textSchema(2_000_000, { trim: false }).nullish(),
    /** SMS: the text (the STOP footer is added); e-mail: the plain-text part (derived from the HTML when empty). */
    text: textSchema(1_500, { trim: false }).nullish(),
  })
  .strict()
  .refine((c) => c.channel !== 'email' || (c.subject && c.subject.length > 0), { path: ['subject'], message: 'is required for e-mail' })
  .refine((c) => c.channel !== 'email' || (c.html && c.html.trim().length > 0), { path: ['html'], message: 'is required for e-mail' })
  .refine((c) => c.channel !== 'sms' || (c.text && c.text.trim().length > 0), { path: ['text'], message: 'is required for SMS' });
export type SaveCampaignInput = z.input<typeof saveCampaignInputSchema>;

export const scheduleCampaignInputSchema = z
  .object({
    id: z.uuid('must be an id'),
    /** ISO instant; absent or null: now. */
    sendAt: z.iso.datetime({ offset: true, error: 'must be an ISO date and time' }).nullish(),
  })
  .strict();

export interface CampaignStatsView {
  recipients: number;
  sent: number;
  delivered: number;
  failed: number;
  /** Of the failed: e-mails the receiving server bounced (SES bounce reports). */
  bounced: number;
  /** Bookings the recipients made within 7 days of their message. */
  booked: number;
  unsubscribed: number;
  skipped: number;
  /** Recipients who opened the e-mail (the open pixel loaded, or they clicked a link), once each. */
  opened: number;
  /** Recipients who clicked at least one tracked link, once each. */
  clicked: number;
}

export interface CampaignView {
  id: string;
  name: string;
  channel: CampaignChannel;
  segmentId: string;
  segmentName: string | null;
  locationId: string | null;
  subject: string | null;
  html: string | null;
  design: string | null;
  text: string | null;
  state: CampaignState;
  scheduledAt: string | null;
  sentAt: string | null;
  version: number;
  stats: CampaignStatsView;
}

/** The SMS footer every marketing text carries (carriers require an opt-out). */
export const SMS_STOP_FOOTER = 'Reply STOP to opt out.';

/**
 * The e-mail suppression list: addresses SES reported as a permanent bounce or a complaint (or
 * that an admin added). Every e-mail send checks it; an admin can see and remove entries.
 */
export const SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export interface EmailSuppressionView {
  /** Lower-cased. */
  address: string;
  reason: SuppressionReason;
  /** The provider's words (bounce type and diagnostic, complaint feedback type). */
  detail: string | null;
  createdAt: string;
}

export const removeEmailSuppressionInputSchema = z.object({
  address: z.email('must be an e-mail address').max(254),
});
export type RemoveEmailSuppressionInput = z.infer<typeof removeEmailSuppressionInputSchema>;

/**
 * Saved e-mail templates (MJML): the owner's own layouts for campaigns, rendered on the server with
 * MJML in the salon's look (brand colour, background and logo from /booking-design).
 */
export const EMAIL_TEMPLATE_MJML_MAX = 200_000;

export const emailBrandSchema = z
  .object({
    businessName: lineSchema(200, { min: 1 }),
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #8b5cf6'),
    backgroundColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #ffffff'),
    logoUrl: z.url({ protocol: /^https?$/, error: 'must be a web address' }).nullish(),
  })
  .strict();
export type EmailBrand = z.infer<typeof emailBrandSchema>;

export const saveEmailTemplateInputSchema = z
  .object({
    /** Absent: a new template. */
    id: z.uuid('must be an id').nullish(),
    name: lineSchema(100, { min: 1 }),
    /** The MJML: a whole `<mjml>` document, or the sections of its body (`<mj-section>…`). */
    mjml: z.string().trim().min(1, 'write the template').max(EMAIL_TEMPLATE_MJML_MAX, `at most ${EMAIL_TEMPLATE_MJML_MAX} characters`),
    /** 0 for a new one; a stale version is refused (409). */
    version: intSchema({ min: 0 }),
  })
  .strict();
export type SaveEmailTemplateInput = z.infer<typeof saveEmailTemplateInputSchema>;

export interface EmailTemplateView {
  id: string;
  name: string;
  mjml: string;
  version: number;
  updatedAt: string;
}

/** An MJML render: the e-mail's HTML, or the problems that stop it (line and message). */
export interface EmailRenderView {
  html: string | null;
  errors: { line: number | null; message: string }[];
}
