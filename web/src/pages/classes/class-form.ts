/** The create/edit class form: its state, checks and the request body. Pure. */
import { colonHHMM, parseHHMM, zonedDate, zonedParts, zonedToUtc } from '../appointments/time-grid';
import { dollarsToMinor, minorToDollars } from '../services/money';
import type { ClassSession, Enrolment } from './classes-api';

export interface ClassForm {
  name: string;
  description: string;
  instructorId: string;
  roomId: string;
  date: string;
  time: string;
  durationMin: string;
  capacity: string;
  price: string;
  repeat: boolean;
  everyWeeks: string;
  endKind: 'count' | 'until';
  count: string;
  until: string;
}

export function emptyForm(date: string): ClassForm {
  return {
    name: '',
    description: '',
    instructorId: '',
    roomId: '',
    date,
    time: '10:00',
    durationMin: '60',
    capacity: '10',
    price: '0.00',
    repeat: false,
    everyWeeks: '1',
    endKind: 'count',
    count: '8',
    until: '',
  };
}

export function formFromSession(s: ClassSession): ClassForm {
  const start = new Date(s.startsAt);
  const p = zonedParts(start);
  return {
    ...emptyForm(zonedDate(start)),
    name: s.name,
    description: s.description ?? '',
    instructorId: s.instructorId,
    roomId: s.roomId ?? '',
    time: colonHHMM(p.hour * 60 + p.minute),
    durationMin: String(s.durationMin),
    capacity: String(s.capacity),
    price: minorToDollars(s.priceMinor),
  };
}

const whole = (t: string) => (/^\d+$/.test(t.trim()) ? Number(t.trim()) : Number.NaN);

/** Field → message for what is wrong before asking the server; empty when the form can be sent. */
export function checkForm(f: ClassForm): Record<string, string> {
  const e: Record<string, string> = {};
  if (!f.name.trim()) e.name = 'Name is required';
  if (!f.instructorId) e.instructorId = 'Choose the instructor';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.date)) e.startsAt = 'Choose a date';
  else if (!/^\d{2}:\d{2}$/.test(f.time)) e.startsAt = 'Choose a start time';
  const d = whole(f.durationMin);
  if (!(d >= 5 && d <= 720)) e.durationMin = 'Duration is 5 to 720 minutes';
  const c = whole(f.capacity);
  if (!(c >= 1 && c <= 500)) e.capacity = 'Capacity is 1 to 500';
  if (dollarsToMinor(f.price) === null) e.priceMinor = 'Enter a price such as 20 or 19.50';
  if (f.repeat) {
    const w = whole(f.everyWeeks);
    if (!(w >= 1 && w <= 12)) e['repeat.everyWeeks'] = 'Every 1 to 12 weeks';
    if (f.endKind === 'count' && !(whole(f.count) >= 1 && whole(f.count) <= 520)) e['repeat.count'] = 'How many classes (1 to 520)';
    if (f.endKind === 'until' && !/^\d{4}-\d{2}-\d{2}$/.test(f.until)) e['repeat.until'] = 'Choose the last date';
    else if (f.endKind === 'until' && f.until < f.date) e['repeat.until'] = 'The last date is before the first class';
  }
  return e;
}

/** The POST body (create) or the PATCH body (edit: only what changed, with the version). */
export function requestBody(f: ClassForm, locationId: string, editing: ClassSession | null): Record<string, unknown> {
  const startsAt = zonedToUtc(f.date, parseHHMM(f.time)).toISOString();
  const body: Record<string, unknown> = {
    name: f.name.trim(),
    description: f.description.trim() || null,
    instructorId: f.instructorId,
    roomId: f.roomId || null,
    startsAt,
    durationMin: whole(f.durationMin),
    capacity: whole(f.capacity),
    priceMinor: dollarsToMinor(f.price),
  };
  if (editing) {
    const changed: Record<string, unknown> = { version: editing.version };
    for (const [k, v] of Object.entries(body)) {
      const before =
        k === 'startsAt' ? new Date(editing.startsAt).toISOString() : ((editing as unknown as Record<string, unknown>)[k] ?? null);
      if (v !== before) changed[k] = v;
    }
    return changed;
  }
  const repeat = f.repeat
    ? { everyWeeks: whole(f.everyWeeks), ...(f.endKind === 'count' ? { count: whole(f.count) } : { until: f.until }) }
    : undefined;
  return { locationId, ...body, ...(repeat ? { repeat } : {}) };
}

export interface Roster {
  seated: Enrolment[];
  waitlist: Enrolment[];
  cancelled: Enrolment[];
}

/** Seats in arrival order, the waitlist in its order, cancelled places last. */
export function splitRoster(enrolments: readonly Enrolment[]): Roster {
  return {
    seated: enrolments.filter((e) => e.status === 'enrolled' || e.status === 'attended' || e.status === 'no-show'),
    waitlist: enrolments.filter((e) => e.status === 'waitlisted').sort((a, b) => (a.waitlistPosition ?? 0) - (b.waitlistPosition ?? 0)),
    cancelled: enrolments.filter((e) => e.status === 'cancelled'),
  };
}

/** '8/10 · 2 waiting', 'Full · 3 waiting', 'Cancelled'. */
export function fillLabel(s: Pick<ClassSession, 'status' | 'capacity' | 'enrolledCount' | 'waitlistedCount'>): string {
  if (s.status === 'cancelled') return 'Cancelled';
  const seats = s.enrolledCount >= s.capacity ? 'Full' : `${s.enrolledCount}/${s.capacity}`;
  return s.waitlistedCount > 0 ? `${seats} · ${s.waitlistedCount} waiting` : seats;
}
