/** The details panel's rules: what an edit sends and when a rebooking lands. Pure. */
import { addDays, colonHHMM, minutesInDay, parseHHMM, zonedDate, zonedToUtc } from './time-grid';

export interface EditForm {
  serviceId: string;
  staffId: string;
  /** YYYY-MM-DD in the salon's zone. */
  date: string;
  /** HH:MM in the salon's zone. */
  time: string;
  notes: string;
}

/** The local day and minute of an appointment's start, `weeks` weeks on (the same wall time, across a DST change). */
export function rebookStart(startsAt: string, weeks: number): { date: string; startMin: number } {
  const start = new Date(startsAt);
  const date = zonedDate(start);
  return { date: addDays(date, weeks * 7), startMin: minutesInDay(start, date) };
}

/** The form of an appointment as it stands. */
export function editFormOf(a: { serviceId: string; staffId: string; startsAt: string; notes?: string | null }): EditForm {
  const at = rebookStart(a.startsAt, 0);
  return { serviceId: a.serviceId, staffId: a.staffId, date: at.date, time: colonHHMM(at.startMin), notes: a.notes ?? '' };
}

/**
 * updateAppointment's input for what the person changed, and nothing else: a new time as an
 * instant of the salon's zone, notes emptied as null. Nothing changed → {}.
 */
export function editPatch(
  before: EditForm,
  after: EditForm,
): { serviceId?: string; staffId?: string; startsAt?: string; notes?: string | null } {
  const out: { serviceId?: string; staffId?: string; startsAt?: string; notes?: string | null } = {};
  if (after.serviceId !== before.serviceId) out.serviceId = after.serviceId;
  if (after.staffId !== before.staffId) out.staffId = after.staffId;
  if ((after.date !== before.date || after.time !== before.time) && /^\d{2}:\d{2}$/.test(after.time))
    out.startsAt = zonedToUtc(after.date, parseHHMM(after.time)).toISOString();
  if (after.notes.trim() !== before.notes.trim()) out.notes = after.notes.trim() || null;
  return out;
}

/**
 * What puts a moved or resized appointment back where it was (the toast's Undo): its old start,
 * end and person, guarded by the version the change produced (so a later change by someone else
 * is not undone blindly).
 */
export function undoPatch(
  before: { startsAt: string; endsAt: string; staffId: string },
  after: { staffId: string; version: number },
): { startsAt: string; endsAt: string; staffId?: string; version: number } {
  return {
    startsAt: before.startsAt,
    endsAt: before.endsAt,
    ...(after.staffId !== before.staffId ? { staffId: before.staffId } : {}),
    version: after.version,
  };
}
