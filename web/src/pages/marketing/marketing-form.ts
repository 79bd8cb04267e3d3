/** The segment builder's and campaign editor's pure parts: rule fields, defaults, summaries. */

export interface RuleDraft {
  field: string;
  op: string | null;
  value: string | null;
  amount: number | null;
}

interface FieldSpec {
  label: string;
  ops?: { value: string; label: string }[];
  /** What the value input asks for; none when the field needs no value. */
  input?: 'days' | 'count' | 'money' | 'text' | 'month' | 'location' | 'staff';
}

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const RULE_FIELDS: Record<string, FieldSpec> = {
  lastVisit: {
    label: 'Last visit',
    ops: [
      { value: 'before', label: 'more than … days ago' },
      { value: 'within', label: 'within the last … days' },
    ],
    input: 'days',
  },
  neverVisited: { label: 'Never visited' },
  visits: {
    label: 'Number of visits',
    ops: [
      { value: 'atLeast', label: 'at least' },
      { value: 'atMost', label: 'at most' },
    ],
    input: 'count',
  },
  totalSpend: {
    label: 'Total spend',
    ops: [
      { value: 'atLeast', label: 'at least' },
      { value: 'atMost', label: 'at most' },
    ],
    input: 'money',
  },
  tag: {
    label: 'Tag',
    ops: [
      { value: 'has', label: 'has' },
      { value: 'hasNot', label: 'does not have' },
    ],
    input: 'text',
  },
  birthdayMonth: { label: 'Birthday month', input: 'month' },
  serviceHad: { label: 'Had a service named', input: 'text' },
  preferredLocation: { label: 'Preferred location', input: 'location' },
  preferredStaff: { label: 'Preferred staff member (id)', input: 'staff' },
};

/** A new rule of a field, with values that make it valid at once. */
export function newRule(field: string): RuleDraft {
  const spec = RULE_FIELDS[field]!;
  const op = spec.ops?.[0]?.value ?? null;
  switch (spec.input) {
    case 'days':
      return { field, op, value: null, amount: 90 };
    case 'count':
      return { field, op, value: null, amount: 1 };
    case 'money':
      return { field, op, value: null, amount: 10_000 };
    case 'month':
      return { field, op, value: null, amount: 0 };
    case 'text':
    case 'location':
    case 'staff':
      return { field, op, value: '', amount: null };
    default:
      return { field, op: null, value: null, amount: null };
  }
}

/** Only what the rule's field uses (the API's rules are one shape per field). */
export function ruleInput(rule: RuleDraft): RuleDraft {
  const spec = RULE_FIELDS[rule.field];
  if (!spec) return rule;
  const usesValue = spec.input === 'text' || spec.input === 'location' || spec.input === 'staff';
  const usesAmount = spec.input === 'days' || spec.input === 'count' || spec.input === 'money' || spec.input === 'month';
  return {
    field: rule.field,
    op: spec.ops ? rule.op : null,
    value: usesValue ? (rule.value ?? '').trim() : null,
    amount: usesAmount ? (rule.amount ?? 0) : null,
  };
}

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** One line per rule: "Last visit more than 90 days ago", "Tag has VIP". */
export function ruleSummary(rule: RuleDraft, locationName: (id: string) => string = (id) => id): string {
  const spec = RULE_FIELDS[rule.field];
  if (!spec) return rule.field;
  const amount = rule.amount ?? 0;
  switch (rule.field) {
    case 'lastVisit':
      return rule.op === 'before' ? `Last visit more than ${amount} days ago` : `Last visit within the last ${amount} days`;
    case 'neverVisited':
      return 'Never visited';
    case 'visits':
      return `${rule.op === 'atMost' ? 'At most' : 'At least'} ${amount} visit${amount === 1 ? '' : 's'}`;
    case 'totalSpend':
      return `Total spend ${rule.op === 'atMost' ? 'at most' : 'at least'} ${money(amount)}`;
    case 'tag':
      return `Tag ${rule.op === 'hasNot' ? 'is not' : 'is'} ${rule.value}`;
    case 'birthdayMonth':
      return amount === 0 ? 'Birthday this month' : `Birthday in ${MONTHS[amount - 1]}`;
    case 'serviceHad':
      return `Had ${rule.value}`;
    case 'preferredLocation':
      return `Prefers ${locationName(rule.value ?? '')}`;
    default:
      return `${spec.label} ${rule.value ?? ''}`.trim();
  }
}

export function segmentSummary(match: string, rules: RuleDraft[], locationName?: (id: string) => string): string {
  return rules.map((r) => ruleSummary(r, locationName)).join(match === 'any' ? ' or ' : ' and ');
}

/** A datetime-local value ("2026-05-02T09:30") read in the browser's zone, as an ISO instant; null when empty or invalid. */
export function sendAtIso(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The e-mail a new campaign starts from, in the designer (links absolute: they are opened from a mailbox). */
export const starterEmail = (
  origin: string,
) => `<table style="width:100%;max-width:600px;margin:0 auto;font-family:Arial,sans-serif;color:#1f2937">
  <tr><td style="padding:24px"><h1 style="margin:0 0 12px;font-size:24px">Hello {{firstName}}</h1>
  <p style="margin:0 0 16px;font-size:16px;line-height:1.5">We have something new for you this season.</p>
  <p style="margin:0"><a href="${origin}/booking" style="display:inline-block;padding:10px 18px;background:#6c31f4;color:#ffffff;text-decoration:none;border-radius:6px">Book now</a></p></td></tr>
</table>`;

export const STATE_LABELS: Record<string, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** The salon's look for a server-rendered e-mail template: /booking-design's colours and logo, the business name. */
export function emailBrand(data: {
  businessSettings: { businessName: string };
  bookingDesign: { primaryColor: string; backgroundColor: string; logoUrl?: string | null };
}): { businessName: string; primaryColor: string; backgroundColor: string; logoUrl: string | null } {
  return {
    businessName: data.businessSettings.businessName,
    primaryColor: data.bookingDesign.primaryColor,
    backgroundColor: data.bookingDesign.backgroundColor,
    logoUrl: data.bookingDesign.logoUrl ?? null,
  };
}
