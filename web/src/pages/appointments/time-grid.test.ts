import { describe, expect, it } from 'vitest';
import {
  addDays,
  compactHHMM,
  dayRange,
  gridBounds,
  isoWeekday,
  isValidDate,
  isWorking,
  label12,
  minutesInDay,
  slotStarts,
  snapMinutes,
  todayIn,
  weekStart,
  workIntervals,
  workingStaffIds,
  zonedDate,
  zonedToUtc,
  type WorkingHoursRow,
} from './time-grid';

const rows: WorkingHoursRow[] = [
  { staffId: 'a', weekday: 6, start: '09:00', end: '17:00', kind: 'work' },
  { staffId: 'a', weekday: 6, start: '12:00', end: '12:30', kind: 'break' },
  { staffId: 'b', weekday: 6, start: '10:00', end: '19:30', kind: 'work' },
  { staffId: 'c', weekday: 1, start: '07:00', end: '15:00', kind: 'work' },
];

describe('time-grid', () => {
  it('converts Chicago wall time to UTC across DST', () => {
    expect(zonedToUtc('2026-11-21', 9 * 60).toISOString()).toBe('2026-11-21T15:00:00.000Z'); // CST
    expect(zonedToUtc('2026-07-01', 9 * 60).toISOString()).toBe('2026-07-01T14:00:00.000Z'); // CDT
    expect(zonedToUtc('2026-03-08', 12 * 60).toISOString()).toBe('2026-03-08T17:00:00.000Z'); // spring-forward day
  });
  it('finds minutes in day and the zoned date', () => {
    const d = new Date('2026-11-21T15:30:00Z');
    expect(minutesInDay(d, '2026-11-21')).toBe(9 * 60 + 30);
    expect(zonedDate(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-21');
    expect(todayIn('America/Chicago', new Date('2026-11-22T05:59:00Z'))).toBe('2026-11-21');
  });
  it('day ranges are whole local days (25 hours on fall-back)', () => {
    const r = dayRange('2026-11-01');
    expect((r.to.getTime() - r.from.getTime()) / 3_600_000).toBe(25);
    expect(dayRange('2026-11-21', 7).to.toISOString()).toBe('2026-11-28T06:00:00.000Z');
  });
  it('does calendar arithmetic', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isoWeekday('2026-11-21')).toBe(6);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
    expect(isValidDate('2026-02-30')).toBe(false);
    expect(isValidDate('2026-02-28')).toBe(true);
  });
  it('formats and snaps', () => {
    expect(compactHHMM(570)).toBe('0930');
    expect(label12(0)).toBe('12:00 AM');
    expect(label12(13 * 60 + 5)).toBe('1:05 PM');
    expect(snapMinutes(7)).toBe(0);
    expect(snapMinutes(8)).toBe(15);
    expect(slotStarts(480, 540)).toEqual([480, 495, 510, 525]);
  });
  it('derives working staff, intervals and grid bounds', () => {
    expect(workingStaffIds(rows, 6)).toEqual(['a', 'b']);
    expect(workIntervals(rows, 'a', 6)).toEqual([
      { start: 540, end: 720 },
      { start: 750, end: 1020 },
    ]);
    expect(gridBounds(rows, 6)).toEqual({ start: 540, end: 1170 });
    expect(gridBounds(rows, 3)).toEqual({ start: 480, end: 1200 });
    expect(gridBounds([], 3, [{ start: 450, end: 500 }])).toEqual({ start: 450, end: 1200 });
    const iv = workIntervals(rows, 'a', 6);
    expect(isWorking(iv, 540)).toBe(true);
    expect(isWorking(iv, 720)).toBe(false);
  });
});
