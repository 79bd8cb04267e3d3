import { DateTime } from 'luxon';

export interface ShiftTimes {
  clockInAt: Date;
  clockOutAt: Date | null;
  breaks: readonly { startedAt: Date; endedAt: Date | null }[];
}

const minutesBetween = (a: Date, b: Date) => Math.max(0, Math.floor((b.getTime() - a.getTime()) / 60_000));

/** Minutes on break; an open break counts up to `now` (or the clock-out). */
export function breakMinutes(shift: ShiftTimes, now: Date): number {
  const end = shift.clockOutAt ?? now;
  return shift.breaks.reduce((sum, b) => sum + minutesBetween(b.startedAt, b.endedAt ?? end), 0);
}

/** Minutes worked: clock-in to clock-out less breaks. An open shift counts to `now` for display only; payroll pays closed shifts. */
export function workedMinutes(shift: ShiftTimes, now: Date): number {
  return Math.max(0, minutesBetween(shift.clockInAt, shift.clockOutAt ?? now) - breakMinutes(shift, now));
}

/** The local date a shift counts on: the day it started in the location's zone (a night shift stays on its first day). */
export function workDate(clockInAt: Date, zone: string): string {
  return DateTime.fromJSDate(clockInAt, { zone }).toISODate()!;
}

/**
 * A shift left open longer than the location allows is forgotten: flagged for a manager, never
 * closed at a guessed time.
 */
export function isForgotten(shift: { clockInAt: Date; clockOutAt: Date | null }, now: Date, forgottenAfterHours: number): boolean {
  return shift.clockOutAt === null && now.getTime() - shift.clockInAt.getTime() > forgottenAfterHours * 3_600_000;
}

export type ClockAction = 'clock_in' | 'clock_out' | 'break_start' | 'break_end';
export type ClockState = 'out' | 'in' | 'on_break';

/** What each action needs the person's state to be; the refusal says what to do instead. */
export function clockActionProblem(state: ClockState, action: ClockAction): string | null {
  switch (action) {
    case 'clock_in':
      return state === 'out' ? null : 'is already clocked in; clock out first';
    case 'clock_out':
      return state === 'out' ? 'is not clocked in' : null;
    case 'break_start':
      return state === 'in' ? null : state === 'out' ? 'is not clocked in' : 'is already on a break';
    case 'break_end':
      return state === 'on_break' ? null : 'is not on a break';
  }
}

/** A manager's correction must still describe a real shift. */
export function editProblem(edit: {
  clockInAt: Date;
  clockOutAt: Date | null;
  breakMinutes: number;
}): { field: string; message: string } | null {
  if (edit.clockOutAt && edit.clockOutAt <= edit.clockInAt) return { field: 'clockOutAt', message: 'must be after the clock-in' };
  if (edit.clockOutAt && edit.clockOutAt.getTime() - edit.clockInAt.getTime() > 24 * 3_600_000)
    return { field: 'clockOutAt', message: 'must be within 24 hours of the clock-in' };
  if (edit.clockOutAt && edit.breakMinutes >= minutesBetween(edit.clockInAt, edit.clockOutAt))
    return { field: 'breakMinutes', message: 'must be shorter than the shift' };
  return null;
}
