import { DateTime } from 'luxon';

/** A location's overtime rule: minutes per work week (Monday to Sunday) and/or per day after which time is overtime. */
export interface OvertimeRule {
  weeklyLimitMinutes: number | null;
  dailyLimitMinutes: number | null;
}

export const DEFAULT_OVERTIME_RULE: OvertimeRule = { weeklyLimitMinutes: 40 * 60, dailyLimitMinutes: null };

export interface WorkedDay {
  /** Local date YYYY-MM-DD. */
  date: string;
  workedMinutes: number;
}

export interface SplitDay extends WorkedDay {
  regularMinutes: number;
  overtimeMinutes: number;
}

/** The Monday of a date's ISO week (work weeks run Monday to Sunday). */
export function weekOf(date: string): string {
  return DateTime.fromISO(date, { zone: 'utc' }).startOf('week').toISODate()!;
}

/**
 * Splits each day's worked minutes into regular and overtime, computed, never typed. Daily overtime
 * first (the minutes of a day past the daily limit); then, per work week in date order, the
 * regular minutes past the weekly limit become overtime on the day they were worked. A minute is
 * never counted twice: daily overtime does not count toward the weekly limit.
 *
 * Days must cover whole weeks for the weekly rule to be right: a caller splitting a period that
 * starts mid-week passes the week's earlier days too and keeps only the period's.
 */
export function splitOvertime(days: readonly WorkedDay[], rule: OvertimeRule): SplitDay[] {
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  const regularByWeek = new Map<string, number>();
  return sorted.map((day) => {
    const worked = Math.max(0, day.workedMinutes);
    const dailyOvertime = rule.dailyLimitMinutes === null ? 0 : Math.max(0, worked - rule.dailyLimitMinutes);
    let regular = worked - dailyOvertime;
    let weeklyOvertime = 0;
    if (rule.weeklyLimitMinutes !== null) {
      const week = weekOf(day.date);
      const before = regularByWeek.get(week) ?? 0;
      const room = Math.max(0, rule.weeklyLimitMinutes - before);
      weeklyOvertime = Math.max(0, regular - room);
      regular -= weeklyOvertime;
      regularByWeek.set(week, before + regular);
    }
    return { date: day.date, workedMinutes: worked, regularMinutes: regular, overtimeMinutes: dailyOvertime + weeklyOvertime };
  });
}
