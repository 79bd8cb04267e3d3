/**
 * The AI assistant's guards, as pure rules (issue 16): it hands over to staff when the client asks
 * for a person or complains, and a reply may name only times the availability engine returned and
 * prices the catalogue holds. The use-case applies them to every reply before it is drafted or sent.
 */

export type HandoverReason = 'asked-for-person' | 'complaint';

const PERSON = [
  /\b(real|actual|live)\s+(person|human)\b/u,
  /\b(talk|speak|chat)\s+(to|with)\s+(a|an|the|someone|somebody|person|human|staff|manager|owner|reception|front desk)\b/u,
  /\bhuman\b/u,
  /\b(manager|owner|receptionist)\b/u,
  /\bcall me\b/u,
  /\bsomeone\s+(call|ring|text)\b/u,
  /\bnot\s+(a|an)\s+(bot|robot|machine|ai)\b/u,
];
const COMPLAINT = [
  /\bcomplain(t|ts|ing)?\b/u,
  /\b(unhappy|disappointed|disappointing|upset|angry|furious|disgusted)\b/u,
  /\b(terrible|awful|horrible|worst|rude|ruined|unacceptable)\b/u,
  /\brefund\b/u,
  /\bnot\s+(happy|satisfied|pleased)\b/u,
];

/** Whether an inbound text must go to a person at once (no model is asked). */
export function handoverTrigger(text: string): HandoverReason | null {
  const t = text.toLowerCase();
  if (PERSON.some((r) => r.test(t))) return 'asked-for-person';
  if (COMPLAINT.some((r) => r.test(t))) return 'complaint';
  return null;
}

/** '2:30 PM', '2:30pm', '2pm', '14:30', '9.15 am' → 'HH:mm'; null when the text names no clock time. */
export function parseClockTime(text: string): string | null {
  return clockTimes(text)[0] ?? null;
}

/** Every clock time a text names, as 'HH:mm', in order. A bare number ("3 stylists") is not a time. */
export function clockTimes(text: string): string[] {
  const found: string[] = [];
  // Not an amount of money ($5.00) nor part of a longer number: a clock time has 1-2 digits of its own.
  const re = /(?<![$€£\d.,])\b(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?![a-z])|(?<![$€£\d.,])\b(\d{1,2}):(\d{2})\b/giu;
  for (const m of text.matchAll(re)) {
    let hour: number;
    let minute: number;
    if (m[3]) {
      hour = Number(m[1]);
      minute = m[2] ? Number(m[2]) : 0;
      if (hour < 1 || hour > 12) continue;
      const pm = m[3].toLowerCase().startsWith('p');
      hour = (hour % 12) + (pm ? 12 : 0);
    } else {
      hour = Number(m[4]);
      minute = Number(m[5]);
      if (hour > 23) continue;
    }
    if (minute > 59) continue;
    found.push(`${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  }
  return found;
}

/** Every amount of money a text names ($55, $55.00, 55 USD), in minor units. */
export function moneyAmounts(text: string): number[] {
  const amounts: number[] = [];
  const re = /[$€£]\s?(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?|\b(\d+)(?:\.(\d{1,2}))?\s?(?:usd|dollars?|eur|euros?|gbp|pounds?)\b/giu;
  for (const m of text.matchAll(re)) {
    const whole = (m[1] ?? m[3]).replace(/,/g, '');
    const cents = m[2] ?? m[4] ?? '0';
    amounts.push(Number(whole) * 100 + Number(cents.padEnd(2, '0')));
  }
  return amounts;
}

export interface ReplyFacts {
  /** 'HH:mm' local times the availability engine returned in this conversation. */
  offeredTimes: ReadonlySet<string>;
  /** Every price (minor units) the catalogue holds for the location. */
  prices: ReadonlySet<number>;
}

export type ReplyVerdict = { ok: true } | { ok: false; reason: string };

/**
 * A reply the model wrote may be drafted or sent only when every time it names was returned by the
 * availability engine and every price it names is in the catalogue; anything else goes to staff.
 */
export function checkReply(text: string, facts: ReplyFacts): ReplyVerdict {
  if (!text.trim()) return { ok: false, reason: 'The assistant was not sure what to answer' };
  const badTime = clockTimes(text).find((t) => !facts.offeredTimes.has(t));
  if (badTime) return { ok: false, reason: `The reply named ${formatClock(badTime)}, a time the availability engine did not return` };
  const badPrice = moneyAmounts(text).find((p) => !facts.prices.has(p));
  if (badPrice !== undefined)
    return { ok: false, reason: `The reply quoted ${formatMoney(badPrice)}, a price the catalogue does not hold` };
  return { ok: true };
}

/** 'HH:mm' → '2:30 PM'. */
export function formatClock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export function formatMoney(minor: number, currency = 'USD'): string {
  const symbol = currency === 'USD' ? '$' : currency === 'EUR' ? '€' : currency === 'GBP' ? '£' : `${currency} `;
  return `${symbol}${(minor / 100).toFixed(2)}`;
}

/** Whether a local 'HH:mm' falls within [from, to); a window past midnight (22:00–06:00) wraps. */
export function withinHours(local: string, from: string, to: string): boolean {
  if (from === to) return true;
  return from < to ? local >= from && local < to : local >= from || local < to;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * The local date a client means: 'today', 'tomorrow', a weekday (the next one, today counting) or
 * 'YYYY-MM-DD'. `today` is the location's date; null when the word names no day.
 */
export function resolveDay(day: string, today: string): string | null {
  const d = day.trim().toLowerCase();
  if (/^\d{4}-\d{2}-\d{2}$/.test(d)) return d;
  const base = new Date(`${today}T12:00:00Z`);
  const plus = (n: number) => new Date(base.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  if (d === 'today') return today;
  if (d === 'tomorrow') return plus(1);
  const index = WEEKDAYS.findIndex((w) => d.startsWith(w.slice(0, 3)));
  if (index < 0) return null;
  const todayIndex = (base.getUTCDay() + 6) % 7;
  return plus((index - todayIndex + 7) % 7);
}

/** Which local times a part of the day covers ('HH:mm', [from, to)). */
export function partOfDay(part: string | undefined): { from: string; to: string } {
  switch ((part ?? '').toLowerCase()) {
    case 'morning':
      return { from: '00:00', to: '12:00' };
    case 'afternoon':
      return { from: '12:00', to: '17:00' };
    case 'evening':
      return { from: '17:00', to: '24:00' };
    default:
      return { from: '00:00', to: '24:00' };
  }
}

/**
 * Tool results go back to the model as one line of plain text (no quotes, backslashes or line
 * breaks), which any chat model reads and a rule-driven local model can quote verbatim.
 */
export function plainToolText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' · ')
    .replace(/["\\]/g, "'")
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The reply as the client gets it: the model's words and the location's AI signature. */
export function signed(text: string, signature: string): string {
  return `${text.trim()}\n${signature.trim()}`;
}

/** An outbound text without the AI signature (history given back to the model). */
export function unsigned(text: string, signature: string): string {
  const s = `\n${signature.trim()}`;
  return text.endsWith(s) ? text.slice(0, -s.length) : text;
}
