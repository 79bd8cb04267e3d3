import type { PayRuleInput } from '@salon/contracts';
import { DateTime } from 'luxon';

/** The demo salon's pay rules by first name: every kind of rule the service knows, so each shows in a run. */
export const DEMO_PAY_RULES: Record<string, PayRuleInput[]> = {
  Dana: [
    {
      effectiveFrom: '2026-01-01',
      hourlyRateMinor: 1500,
      serviceCommission: { rateBps: 4000, tierMode: 'whole', tiers: [{ fromMinor: 150_000, rateBps: 4500 }] },
      productCommissionBps: 1000,
      deductions: { backBarFeeMinor: 200 },
      tips: { paid: true, lessCardFee: true },
      note: 'Senior stylist',
    },
  ],
  Jordan: [
    {
      effectiveFrom: '2026-01-01',
      hourlyRateMinor: 1400,
      serviceCommission: { rateBps: 3500, tierMode: 'marginal', tiers: [{ fromMinor: 100_000, rateBps: 4500 }] },
      productCommissionBps: 1000,
      tips: { paid: true, lessCardFee: false },
    },
  ],
  Riley: [
    { effectiveFrom: '2026-01-01', salaryPerPeriodMinor: 140_000, productCommissionBps: 500, tips: { paid: true, lessCardFee: false } },
  ],
  Morgan: [
    {
      effectiveFrom: '2026-01-01',
      serviceCommission: { rateBps: 6000 },
      deductions: { productCostBps: 1000 },
      boothRentPerPeriodMinor: 30_000,
      tips: { paid: true, lessCardFee: true },
      note: 'Booth renter',
    },
  ],
  Taylor: [{ effectiveFrom: '2026-01-01', hourlyRateMinor: 1800, tips: { paid: false } }],
};

export interface DemoShift {
  firstName: string;
  clockInAt: Date;
  clockOutAt: Date;
  breakStart: Date;
  breakEnd: Date;
  workDate: string;
}

/**
 * Weekday shifts for the three weeks before today (never today: the walk clocks in today),
 * 09:00–17:30 local with a 30-minute lunch; Dana works late on Fridays, so her weeks have overtime.
 */
export function demoShifts(now: Date, zone: string, people: string[]): DemoShift[] {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const out: DemoShift[] = [];
  for (let back = 21; back >= 1; back--) {
    const day = today.minus({ days: back });
    if (day.weekday > 5) continue;
    for (const firstName of people) {
      const late = firstName === 'Dana' && day.weekday === 5;
      const start = day.set({ hour: 9 });
      const end = late ? day.set({ hour: 22 }) : day.set({ hour: 17, minute: 30 });
      out.push({
        firstName,
        workDate: day.toISODate()!,
        clockInAt: start.toJSDate(),
        clockOutAt: end.toJSDate(),
        breakStart: day.set({ hour: 12, minute: 30 }).toJSDate(),
        breakEnd: day.set({ hour: 13 }).toJSDate(),
      });
    }
  }
  return out;
}

/** The pay period that ended before this week: two weeks, Monday to Sunday. */
export function lastPeriod(now: Date, zone: string): { start: string; end: string } {
  const monday = DateTime.fromJSDate(now, { zone }).startOf('week');
  return { start: monday.minus({ days: 14 }).toISODate()!, end: monday.minus({ days: 1 }).toISODate()! };
}
