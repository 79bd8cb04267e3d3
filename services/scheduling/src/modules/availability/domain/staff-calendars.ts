import type { ExceptionRow, TimeOffRow, WorkingHoursRow } from '@salon/contracts';
import type { IsoWeekday, StaffCalendar } from './availability-types.js';

/** A hold on a person as the calendar reads it (an appointment's or a class's). */
export interface StaffHold {
  appointmentId: string;
  holder: 'appointment' | 'class';
  label: string | null;
  resourceId: string;
  start: Date;
  end: Date;
}

/**
 * Each person's calendar for the engine from the rows read for the window: weekly hours and
 * breaks, date exceptions, time off, holds, and where they work on other days. Rows of other
 * people are ignored, so one read can serve a whole team.
 */
export function toStaffCalendars(
  staffIds: readonly string[],
  names: readonly string[],
  elsewhere: ReadonlyMap<string, NonNullable<StaffCalendar['elsewhere']>>,
  rows: {
    hours: readonly WorkingHoursRow[];
    exceptions: readonly ExceptionRow[];
    timeOff: readonly TimeOffRow[];
    staffBusy: readonly StaffHold[];
  },
): StaffCalendar[] {
  return staffIds.map((staffId, i) => ({
    staffId,
    name: names[i]!,
    weeklyHours: rows.hours
      .filter((h) => h.staffId === staffId && h.kind === 'work')
      .map((h) => ({ weekday: h.weekday as IsoWeekday, start: h.start, end: h.end })),
    weeklyBreaks: rows.hours
      .filter((h) => h.staffId === staffId && h.kind === 'break')
      .map((h) => ({ weekday: h.weekday as IsoWeekday, start: h.start, end: h.end, label: h.label ?? undefined })),
    exceptions: rows.exceptions
      .filter((e) => e.staffId === staffId)
      .map((e) => ({ date: e.date, hours: e.hours, label: e.label ?? undefined })),
    timeOff: rows.timeOff
      .filter((t) => t.staffId === staffId)
      .map((t) => ({
        start: new Date(t.startsAt),
        end: new Date(t.endsAt),
        label: t.label ?? (t.kind === 'blocked' ? 'Blocked' : 'Time off'),
      })),
    busy: rows.staffBusy
      .filter((b) => b.resourceId === staffId)
      .map((b) => ({
        start: b.start,
        end: b.end,
        label: b.holder === 'class' ? (b.label ?? 'Class') : 'Booked',
        kind: b.holder,
        id: b.appointmentId,
      })),
    elsewhere: elsewhere.get(staffId) ?? [],
  }));
}
