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
  return timeMentions(text)
    .filter((m) => m.explicit)
    .map((m) => m.times[0]);
}

// Not an amount of money ($5.00) nor part of a longer number: a clock time has 1-2 digits of its own.
const CLOCK = /(?<![$€£\d.,])\b(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?![a-z])|(?<![$€£\d.,])\b(\d{1,2}):(\d{2})\b/giu;
/** "3 o'clock", "3 oclock". */
const OCLOCK = /(?<![$€£\d.,])\b(\d{1,2})\s*o['’]?\s?clock\b/giu;
/**
 * A bare hour after "at" ("at 3", "at 3 tomorrow", "at 3 with Dana"), but not an address ("at 12
 * Main St") nor an explicit time ("at 3 pm", "at 3:30", handled above).
 */
const AT_HOUR =
  /\bat\s+(\d{1,2})(?!\d|[:.]\d|\s*(?:a\.?m|p\.?m|o['’]?\s?clock))(?=\s*$|\s*[.,!?;:)]|\s+(?:today|tomorrow|tonight|on|this|next|in|with|for|then|sharp|or|and|if|works?|ok|okay|please)\b)/giu;

interface TimeMention {
  index: number;
  /** The possible 'HH:mm' readings: one for an explicit time, AM and PM for a bare hour. */
  times: string[];
  /** As written, for a hand-over reason. */
  label: string;
  explicit: boolean;
}

/** Hours a bare number may mean: 3 → 03:00 or 15:00; 15 → 15:00. */
function hourReadings(hour: number): string[] {
  if (hour > 23) return [];
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  if (hour === 0 || hour > 12) return [hh(hour)];
  return [hh(hour % 12), hh((hour % 12) + 12)];
}

function timeMentions(text: string): TimeMention[] {
  const found: TimeMention[] = [];
  for (const m of text.matchAll(CLOCK)) {
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
    const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
    found.push({ index: m.index, times: [time], label: formatClock(time), explicit: true });
  }
  for (const re of [OCLOCK, AT_HOUR]) {
    for (const m of text.matchAll(re)) {
      const times = hourReadings(Number(m[1]));
      if (times.length) found.push({ index: m.index, times, label: m[0].trim(), explicit: false });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const DAY_MONTH = new RegExp(`\\b(?:${WEEKDAY},?\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}`, 'giu');
const MONTH_DAY = new RegExp(`\\b(?:${WEEKDAY},?\\s+)?${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`, 'giu');
const ISO_DATE = /\b(\d{4}-\d{2}-\d{2})\b/gu;
const DAY_WORD = new RegExp(`\\b(today|tonight|tomorrow|${WEEKDAY})\\b`, 'giu');

/** The next date (today counting) with this day of this month. */
function dayOfMonth(day: number, month: number, today: string): string | null {
  if (day < 1 || day > 31) return null;
  const year = Number(today.slice(0, 4));
  const iso = (y: number) => `${y}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const check = (d: string) => new Date(`${d}T12:00:00Z`).toISOString().slice(0, 10) === d;
  const date = iso(year) >= today ? iso(year) : iso(year + 1);
  return check(date) ? date : null;
}

/** The days a text names, with where: "25 November", "November 25", "2026-11-25", today, tomorrow, a weekday. */
function dayMentions(text: string, today: string): { index: number; end: number; date: string }[] {
  const found: { index: number; end: number; date: string }[] = [];
  const covered = (i: number) => found.some((f) => i >= f.index && i < f.end);
  for (const m of text.matchAll(ISO_DATE)) found.push({ index: m.index, end: m.index + m[0].length, date: m[1] });
  for (const m of text.matchAll(DAY_MONTH)) {
    const date = dayOfMonth(Number(m[1]), MONTHS.indexOf(m[2].toLowerCase()), today);
    if (date && !covered(m.index)) found.push({ index: m.index, end: m.index + m[0].length, date });
  }
  for (const m of text.matchAll(MONTH_DAY)) {
    const date = dayOfMonth(Number(m[2]), MONTHS.indexOf(m[1].toLowerCase()), today);
    if (date && !covered(m.index)) found.push({ index: m.index, end: m.index + m[0].length, date });
  }
  for (const m of text.matchAll(DAY_WORD)) {
    if (covered(m.index)) continue;
    const word = m[1].toLowerCase() === 'tonight' ? 'today' : m[1];
    const date = resolveDay(word, today);
    if (date) found.push({ index: m.index, end: m.index + m[0].length, date });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** A time a reply names: its possible readings and, when its sentence names a day, that local date. */
export interface NamedTime {
  label: string;
  times: string[];
  date: string | null;
}

/**
 * Every time a text names ("2:30 PM", "14:30", "at 3", "3 o'clock") with the day it is tied to: the
 * nearest day named before it in the same sentence, else the first one after it ("2 PM tomorrow"),
 * else none. `today` is the location's date.
 */
export function namedTimes(text: string, today: string): NamedTime[] {
  const out: NamedTime[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/u)) {
    const days = dayMentions(sentence, today);
    for (const t of timeMentions(sentence)) {
      const before = days.filter((d) => d.index < t.index).pop();
      const after = days.find((d) => d.index > t.index);
      out.push({ label: t.label, times: t.times, date: (before ?? after)?.date ?? null });
    }
  }
  return out;
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
  /** 'YYYY-MM-DD HH:mm' local times the availability engine returned in this conversation (and the client's own appointments). */
  offered: ReadonlySet<string>;
  /** The location's date ('YYYY-MM-DD'): "today", "tomorrow" and weekdays are read from it. */
  today: string;
  /** Every price (minor units) the catalogue holds for the location. */
  prices: ReadonlySet<number>;
}

export type ReplyVerdict = { ok: true } | { ok: false; reason: string };

/**
 * A reply the model wrote may be drafted or sent only when every time it names was returned by the
 * availability engine (on the day the reply ties it to, when it names one) and every price it names
 * is in the catalogue; anything else goes to staff.
 */
export function checkReply(text: string, facts: ReplyFacts): ReplyVerdict {
  if (!text.trim()) return { ok: false, reason: 'The assistant was not sure what to answer' };
  const offered = [...facts.offered];
  const onAnyDay = (time: string) => offered.some((o) => o.endsWith(` ${time}`));
  for (const named of namedTimes(text, facts.today)) {
    const ok = named.date ? named.times.some((t) => facts.offered.has(`${named.date} ${t}`)) : named.times.some(onAnyDay);
    if (ok) continue;
    if (named.date && named.times.some(onAnyDay)) {
      const day = new Date(`${named.date}T12:00:00Z`).toLocaleDateString('en-US', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      });
      return { ok: false, reason: `The reply named ${named.label} on ${day}, a time the availability engine did not return for that day` };
    }
    return { ok: false, reason: `The reply named ${named.label}, a time the availability engine did not return` };
  }
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

/** An outbound text without the AI signature at its end (history given back to the model; a draft staff edited). */
export function unsigned(text: string, signature: string): string {
  const t = text.trimEnd();
  const s = signature.trim();
  return t.endsWith(s) ? t.slice(0, -s.length).trimEnd() : text;
}
