import { DateTime } from 'luxon';
import type { ChatTool } from '../provider/chat-model.js';
import { formatClock, formatMoney, partOfDay, plainToolText } from './guards.js';

/**
 * What the assistant may do: look up free times, book one of them, list, move or cancel the
 * client's own appointments, or hand the conversation to staff. Facts (services, prices, durations, address, hours, policies) are in its instructions.
 */
export const SALON_TOOLS: ChatTool[] = [
  {
    name: 'find_times',
    description:
      'Free times for one service on one day, from the salon availability engine. Offer only times this returns. ' +
      'day: today, tomorrow, a weekday name or YYYY-MM-DD. part_of_day: morning, afternoon, evening or any.',
    parameters: {
      type: 'object',
      properties: {
        service: { type: 'string', description: 'The service name as the salon lists it' },
        day: { type: 'string' },
        part_of_day: { type: 'string', enum: ['morning', 'afternoon', 'evening', 'any'] },
      },
      required: ['service', 'day'],
    },
  },
  {
    name: 'book_appointment',
    description:
      'Books the client into a time that find_times returned in this conversation (the same rules as online booking). ' +
      'time: the clock time, e.g. 2:30 PM.',
    parameters: {
      type: 'object',
      properties: {
        service: { type: 'string' },
        day: { type: 'string' },
        time: { type: 'string' },
        first_name: { type: 'string', description: 'The client first name, if they gave it' },
      },
      required: ['service', 'day', 'time'],
    },
  },
  {
    name: 'my_appointments',
    description:
      "The texting client's own upcoming appointments, numbered, and whether each may still be changed by text. " +
      'Use it before moving or cancelling.',
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'move_appointment',
    description:
      'Moves one of the client own appointments (its number from my_appointments) to a time find_times returned ' +
      'for its service in this conversation (the same rules as online booking). time: the clock time, e.g. 2:30 PM.',
    parameters: {
      type: 'object',
      properties: { appointment: { type: 'string' }, day: { type: 'string' }, time: { type: 'string' } },
      required: ['appointment', 'day', 'time'],
    },
  },
  {
    name: 'cancel_appointment',
    description: 'Cancels one of the client own appointments (its number from my_appointments), by the online cancellation rules.',
    parameters: { type: 'object', properties: { appointment: { type: 'string' } }, required: ['appointment'] },
  },
  {
    name: 'hand_over',
    description:
      'Passes the conversation to a member of staff: when unsure, when the client asks for a person, complains, ' +
      'or wants something you cannot do (a refund, a change the tools refuse).',
    parameters: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
  },
];

export interface CatalogueService {
  id: string;
  name: string;
  category?: string | null;
  description?: string | null;
  durationMin: number;
  priceMinor: number;
  maxPriceMinor: number;
  currency: string;
}

/** The catalogue service a client's words name: exact name first, then a name containing the words, then the other way round. */
export function matchService<T extends CatalogueService>(services: T[], words: string): T | null {
  const w = normal(words);
  if (!w) return null;
  return (
    services.find((s) => normal(s.name) === w) ??
    services.find((s) => normal(s.name).includes(w)) ??
    services.find((s) => w.includes(normal(s.name))) ??
    services.find((s) => w.split(' ').some((part) => part.length > 3 && normal(s.name).includes(part))) ??
    null
  );
}

function normal(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/s$/, '');
}

/** A service's price as the client reads it: one price, or from-to when it depends on who does it. */
export function priceText(s: CatalogueService): string {
  return s.priceMinor === s.maxPriceMinor
    ? formatMoney(s.priceMinor, s.currency)
    : `${formatMoney(s.priceMinor, s.currency)} to ${formatMoney(s.maxPriceMinor, s.currency)}`;
}

/** Every price the catalogue holds for the location (minor units): what a reply may quote. */
export function cataloguePrices(services: CatalogueService[]): Set<number> {
  return new Set(services.flatMap((s) => [s.priceMinor, s.maxPriceMinor]));
}

export interface EngineSlot {
  startsAt: string;
  staffId: string;
  staffName?: string;
}

export interface LocalSlot extends EngineSlot {
  /** 'YYYY-MM-DD' and 'HH:mm' in the location's zone. */
  date: string;
  time: string;
}

/** The engine's slots on a local day and part of it, one per time (the first person free then), at most `max`. */
export function slotsToOffer(slots: EngineSlot[], zone: string, date: string, part: string | undefined, max = 6): LocalSlot[] {
  const window = partOfDay(part);
  const seen = new Set<string>();
  const out: LocalSlot[] = [];
  for (const s of [...slots].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const local = DateTime.fromISO(s.startsAt, { zone });
    const l = { ...s, date: local.toFormat('yyyy-MM-dd'), time: local.toFormat('HH:mm') };
    if (l.date !== date || l.time < window.from || l.time >= window.to || seen.has(l.time)) continue;
    seen.add(l.time);
    out.push(l);
    if (out.length >= max) break;
  }
  return out;
}

/** The find_times answer, one quotable line: "Haircut (45 min, $55.00) on Wednesday 25 November: 2:00 PM, 2:30 PM". */
export function timesText(service: CatalogueService, date: string, offered: LocalSlot[]): string {
  const day = DateTime.fromISO(date).toFormat('cccc d LLLL');
  const head = `${service.name} (${service.durationMin} min, ${priceText(service)}) on ${day}`;
  if (offered.length === 0) return plainToolText(`No free times for ${head}. Offer another day or part of the day.`);
  return plainToolText(`${head}: ${offered.map((s) => formatClock(s.time)).join(', ')}`);
}

/** The salon's facts, as the assistant's instructions give them. */
export function salonFacts(input: {
  businessName: string;
  location: { name: string; address?: string | null; phone?: string | null; timeZone: string };
  services: CatalogueService[];
  openingHours: string | null;
  policies: string | null;
  today: string;
}): string {
  const lines = [
    `You answer text messages for ${input.businessName}, ${input.location.name}, as its AI assistant. Reply in one or two short sentences, plain text.`,
    `Today is ${DateTime.fromISO(input.today).toFormat('cccc d LLLL yyyy')} (${input.location.timeZone}).`,
    input.location.address ? `Address: ${input.location.address}.` : null,
    input.location.phone ? `Phone: ${input.location.phone}.` : null,
    input.openingHours ? `Opening hours: ${input.openingHours}.` : null,
    'Services (name, length, price):',
    ...input.services.map((s) => `- ${s.name}: ${s.durationMin} min, ${priceText(s)}${s.description ? ` (${s.description})` : ''}`),
    input.policies ? `Policies: ${input.policies}` : null,
    'Rules: quote only the prices above. Offer only times find_times returns, and book only one of them with book_appointment.',
    'To move or cancel, use my_appointments, then move_appointment (to a time find_times returned) or cancel_appointment.',
    'Use hand_over when you are unsure, when the client asks for a person or complains, or when a change is refused.',
  ];
  return lines.filter((l): l is string => l !== null).join('\n');
}

/** Opening hours from the booking policy ({weekday: [{start, end}]} or a list), as one line; null when unknown. */
export function openingHoursText(hours: unknown): string | null {
  if (!hours || typeof hours !== 'object') return null;
  const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const entries: string[] = [];
  const list = Array.isArray(hours)
    ? hours
    : Object.entries(hours as Record<string, unknown>).map(([k, v]) => ({ weekday: k, ...(v as object) }));
  for (const raw of list as Record<string, unknown>[]) {
    const wd = Number(raw.weekday);
    const start = raw.start ?? raw.open;
    const end = raw.end ?? raw.close;
    if (typeof start === 'string' && typeof end === 'string' && wd >= 1 && wd <= 7) entries.push(`${names[wd - 1]} ${start}-${end}`);
  }
  return entries.length ? entries.join(', ') : null;
}
