import type { AppointmentChangeKind } from '@salon/contracts';

/** What the change log compares of an appointment before and after a change. */
export interface ChangeLogSubject {
  startsAt: string;
  endsAt: string;
  staffId: string;
  serviceName: string;
  status: string;
  cancelReason: string | null;
  notes: string | null;
}

export interface ChangeEntry {
  what: AppointmentChangeKind;
  from: string | null;
  to: string | null;
}

const minutes = (a: Pick<ChangeLogSubject, 'startsAt' | 'endsAt'>) =>
  Math.round((new Date(a.endsAt).getTime() - new Date(a.startsAt).getTime()) / 60_000);
const same = (x: string, y: string) => new Date(x).getTime() === new Date(y).getTime();
const blank = (s: string | null) => (s?.trim() ? s : null);

/**
 * The change log's lines for one committed change: each field that differs, in the order a person
 * reads them (time, staff, length, service, status, cancel reason, notes). A move that keeps the
 * length logs no length; nothing that differs logs nothing.
 */
export function appointmentChanges(before: ChangeLogSubject, after: ChangeLogSubject): ChangeEntry[] {
  const out: ChangeEntry[] = [];
  if (!same(before.startsAt, after.startsAt)) out.push({ what: 'time', from: before.startsAt, to: after.startsAt });
  if (before.staffId !== after.staffId) out.push({ what: 'staff', from: before.staffId, to: after.staffId });
  if (minutes(before) !== minutes(after)) out.push({ what: 'length', from: String(minutes(before)), to: String(minutes(after)) });
  if (before.serviceName !== after.serviceName) out.push({ what: 'service', from: before.serviceName, to: after.serviceName });
  if (before.status !== after.status) out.push({ what: 'status', from: before.status, to: after.status });
  if (blank(before.cancelReason) !== blank(after.cancelReason))
    out.push({ what: 'cancel-reason', from: blank(before.cancelReason), to: blank(after.cancelReason) });
  if (blank(before.notes) !== blank(after.notes)) out.push({ what: 'notes', from: blank(before.notes), to: blank(after.notes) });
  return out;
}

/** The first line of every appointment's log: booked, by which path (staff, online, api), at what time. */
export function bookedEntry(source: string, startsAt: string): ChangeEntry {
  return { what: 'booked', from: source, to: startsAt };
}
