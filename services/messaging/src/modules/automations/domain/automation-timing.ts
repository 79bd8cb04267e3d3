import { AUTOMATION_TIMING_UNITS, type AutomationKind } from '@salon/contracts';
import { DateTime } from 'luxon';

const HOUR = 3_600_000;

/**
 * When an appointment's automation is due, from the moment it hangs on (the appointment's start
 * for reminders, the completion or no-show for follow-ups), or null when it is not to be sent:
 * a reminder whose appointment has started, a reminder booked too late for its moment (then it is
 * sent at once if the appointment is still ahead, so a late booking still gets one).
 */
export function dueAt(kind: AutomationKind, timing: number, anchor: Date, now: Date, zone: string): Date | null {
  switch (AUTOMATION_TIMING_UNITS[kind]) {
    case 'none':
      return now;
    case 'hours-before': {
      if (anchor.getTime() <= now.getTime()) return null;
      const at = new Date(anchor.getTime() - timing * HOUR);
      return at.getTime() < now.getTime() ? now : at;
    }
    case 'hours-after':
      return new Date(Math.max(anchor.getTime() + timing * HOUR, now.getTime()));
    // Calendar weeks and months in the location's zone, so "6 weeks after" lands on the same wall time across DST.
    case 'weeks-after':
      return DateTime.fromJSDate(anchor, { zone }).plus({ weeks: timing }).toJSDate();
    case 'months-after':
      return DateTime.fromJSDate(anchor, { zone }).plus({ months: timing }).toJSDate();
    case 'days-before':
      return DateTime.fromJSDate(anchor, { zone }).minus({ days: timing }).toJSDate();
  }
}

/** A scheduled send of an appointment that moved: its new due time, or null when it is to be dropped. */
export function rescheduledDueAt(kind: AutomationKind, timing: number, newStart: Date, now: Date, zone: string): Date | null {
  return dueAt(kind, timing, newStart, now, zone);
}
