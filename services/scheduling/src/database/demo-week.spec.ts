import { describe, expect, it } from 'vitest';
import { demoStatus, planDemoWeek, type DemoWeekInput } from './demo-week.js';

const input: DemoWeekInput = {
  dates: ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'],
  staffCount: 6,
  services: [
    { durationMin: 45, afterMin: 10, room: false, device: false },
    { durationMin: 30, afterMin: 5, room: false, device: false },
    { durationMin: 60, afterMin: 15, room: true, device: false },
    { durationMin: 60, afterMin: 10, room: true, device: true },
  ],
  roomCount: 2,
  day: { start: 540, end: 1080, lunchStart: 750, lunchEnd: 780 },
  seed: 42,
};
const overlap = (a: { startMin: number; endMin: number }, b: { startMin: number; endMin: number }, after: (x: typeof a) => number) =>
  a.startMin < b.endMin + after(b) && b.startMin < a.endMin + after(a);

describe('planDemoWeek', () => {
  const plan = planDemoWeek(input);
  const afterOf = (v: { serviceIndex?: number }) => input.services[(v as { serviceIndex: number }).serviceIndex].afterMin;

  it('is the same plan for the same seed, and a different one for another', () => {
    expect(planDemoWeek(input)).toEqual(plan);
    expect(planDemoWeek({ ...input, seed: 7 })).not.toEqual(plan);
  });

  it('gives everyone several visits a day at varied times inside working hours, none over lunch', () => {
    for (const date of input.dates) {
      for (let s = 0; s < input.staffCount; s++) {
        const day = plan.filter((v) => v.date === date && v.staffIndex === s);
        expect(day.length).toBeGreaterThanOrEqual(2);
        for (const v of day) {
          expect(v.startMin % 15).toBe(0);
          expect(v.startMin).toBeGreaterThanOrEqual(540);
          expect(v.endMin + afterOf(v)).toBeLessThanOrEqual(1080);
          expect(v.startMin < 780 && 750 < v.endMin + afterOf(v)).toBe(false);
        }
      }
    }
    expect(new Set(plan.map((v) => v.startMin)).size).toBeGreaterThan(10);
  });

  it('never double-books a person, a room or the device', () => {
    for (const [i, a] of plan.entries()) {
      for (const b of plan.slice(i + 1)) {
        if (a.date !== b.date || !overlap(a, b, afterOf as never)) continue;
        expect(a.staffIndex).not.toBe(b.staffIndex);
        if (a.roomIndex !== null) expect(b.roomIndex).not.toBe(a.roomIndex);
        expect(a.device && b.device).toBe(false);
      }
    }
  });
});

describe('demoStatus', () => {
  const now = new Date('2026-11-25T18:00:00Z');
  const at = (h: number, len = 1) => [new Date(now.getTime() + h * 3_600_000), new Date(now.getTime() + (h + len) * 3_600_000)] as const;
  it.each([
    ['past', at(-5), 0.5, 'completed'],
    ['past no-show', at(-5), 0.05, 'no-show'],
    ['cancelled', at(5), 0.01, 'cancelled'],
    ['now', at(-0.5), 0.5, 'in-service'],
    ['about to start', at(0.25), 0.2, 'checked-in'],
    ['later, confirmed', at(5), 0.2, 'confirmed'],
    ['later, booked', at(5), 0.9, 'booked'],
  ])('%s', (_n, [s, e], roll, status) => {
    expect(demoStatus(s, e, now, roll as number)).toBe(status);
  });
});
