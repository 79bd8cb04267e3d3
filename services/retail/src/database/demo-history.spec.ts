import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { HISTORY_DAYS, planDemoHistory, type HistoryInput } from './demo-history.js';
import { historyTenders } from './demo-sales.writer.js';

const ZONE = 'America/Chicago';
// The walk's pinned "now": Monday 2026-11-23 09:00 in Chicago.
const NOW = DateTime.fromISO('2026-11-23T09:00', { zone: ZONE }).toJSDate();

const input = (now = NOW): HistoryInput => ({
  now,
  locations: [
    { id: 'main', timeZone: ZONE },
    { id: 'north', timeZone: ZONE },
  ],
  shifts: [
    { staffId: 'ann', locationId: 'main', weekdays: [1, 2, 3, 4, 5, 6] },
    { staffId: 'bo', locationId: 'main', weekdays: [1, 3, 5, 6] },
    { staffId: 'bo', locationId: 'north', weekdays: [2, 4] },
    { staffId: 'cy', locationId: 'main', weekdays: [1, 2, 3, 4, 5, 6] },
  ],
  services: [
    { id: 'cut', locationId: 'main', name: 'Haircut', priceMinor: 5500 },
    { id: 'colour', locationId: 'main', name: 'Colour', priceMinor: 12000 },
    { id: 'mani', locationId: 'main', name: 'Manicure', priceMinor: 4000 },
    { id: 'cut-n', locationId: 'north', name: 'Haircut', priceMinor: 5500 },
    { id: 'blow-n', locationId: 'north', name: 'Blow-dry', priceMinor: 3500 },
  ],
  clients: Array.from({ length: 40 }, (_, i) => `client-${i}`),
  productCount: 6,
});

describe('planDemoHistory', () => {
  const plan = planDemoHistory(input());
  const monday = DateTime.fromJSDate(NOW, { zone: ZONE }).startOf('week');

  it('is the same every time for the same now and demo rows', () => {
    expect(planDemoHistory(input())).toEqual(plan);
  });

  it('fills the two weeks before the demo week, opening days only, at both locations', () => {
    const days = new Set(plan.map((t) => DateTime.fromJSDate(t.closedAt, { zone: ZONE }).toISODate()));
    expect(days.size).toBe(12);
    for (const t of plan) {
      const at = DateTime.fromJSDate(t.closedAt, { zone: ZONE });
      expect(at < monday).toBe(true);
      expect(at >= monday.minus({ days: HISTORY_DAYS })).toBe(true);
      expect(at.weekday).not.toBe(7);
      expect(t.openedAt < t.closedAt).toBe(true);
      expect(at.hour).toBeGreaterThanOrEqual(9);
      expect(at.hour).toBeLessThan(19);
    }
    expect(new Set(plan.map((t) => t.locationId))).toEqual(new Set(['main', 'north']));
    expect(plan.length).toBeGreaterThan(100);
  });

  it('has each person work only where and when their hours say, with that location’s services', () => {
    const shifts = input().shifts;
    const menu = new Map(input().services.map((s) => [s.id, s.locationId]));
    for (const t of plan) {
      const weekday = DateTime.fromJSDate(t.closedAt, { zone: ZONE }).weekday;
      expect(shifts.some((s) => s.staffId === t.staffId && s.locationId === t.locationId && s.weekdays.includes(weekday))).toBe(true);
      for (const s of t.services) expect(menu.get(s.id)).toBe(t.locationId);
    }
    expect(new Set(plan.filter((t) => t.locationId === 'north').map((t) => t.staffId))).toEqual(new Set(['bo']));
  });

  it('mixes tenders, tips, products, walk-ins and regulars', () => {
    const count = (f: (t: (typeof plan)[number]) => boolean) => plan.filter(f).length;
    expect(count((t) => t.tender === 'card')).toBeGreaterThan(plan.length / 3);
    expect(count((t) => t.tender === 'cash')).toBeGreaterThan(plan.length / 10);
    expect(count((t) => t.tender === 'split')).toBeGreaterThan(0);
    expect(count((t) => t.tipPercent > 0)).toBeGreaterThan(plan.length / 2);
    expect(count((t) => t.product !== null)).toBeGreaterThan(plan.length / 10);
    expect(count((t) => t.services.length === 2)).toBeGreaterThan(0);
    expect(count((t) => t.clientId === null)).toBeGreaterThan(0);
    expect(plan.every((t) => t.product === null || (t.product >= 0 && t.product < 6))).toBe(true);
  });

  it('refunds two sales, a product and half a service, on a later opening day before the demo week', () => {
    const refunded = plan.filter((t) => t.refund !== null);
    expect(refunded.map((t) => t.refund!.what).sort()).toEqual(['half-service', 'product']);
    for (const t of refunded) {
      expect(t.refund!.at > t.closedAt).toBe(true);
      expect(t.refund!.at < NOW).toBe(true);
      expect(DateTime.fromJSDate(t.refund!.at, { zone: ZONE }).weekday).not.toBe(7);
      expect(t.clientId).not.toBeNull();
    }
    expect(refunded.find((t) => t.refund!.what === 'product')!.product).not.toBeNull();
  });

  it('moves with the seed’s clock: a Saturday "now" still ends the history before that week’s Monday', () => {
    const saturday = DateTime.fromISO('2026-11-28T16:00', { zone: ZONE });
    const later = planDemoHistory(input(saturday.toJSDate()));
    expect(later.length).toBe(plan.length);
    expect(later.every((t) => t.closedAt < saturday.startOf('week').toJSDate())).toBe(true);
  });

  it('plans nothing where a location has no services', () => {
    expect(planDemoHistory({ ...input(), services: [] })).toEqual([]);
  });
});

describe('historyTenders', () => {
  it.each([
    { tender: 'card', round: false, total: 6050, expected: [{ method: 'card', amountMinor: 6050 }] },
    { tender: 'cash', round: false, total: 6050, expected: [{ method: 'cash', amountMinor: 6050, tenderedMinor: 6050 }] },
    { tender: 'cash', round: true, total: 6050, expected: [{ method: 'cash', amountMinor: 6050, tenderedMinor: 8000 }] },
    {
      tender: 'split',
      round: false,
      total: 6051,
      expected: [
        { method: 'card', amountMinor: 3026 },
        { method: 'cash', amountMinor: 3025, tenderedMinor: 3025 },
      ],
    },
    {
      tender: 'split',
      round: true,
      total: 6051,
      expected: [
        { method: 'card', amountMinor: 3026 },
        { method: 'cash', amountMinor: 3025, tenderedMinor: 4000 },
      ],
    },
  ] as const)('$tender of $total (round up: $round) adds up to the total', ({ tender, round, total, expected }) => {
    const tenders = historyTenders(tender, round, total);
    expect(tenders).toEqual(expected);
    expect(tenders.reduce((s, t) => s + t.amountMinor, 0)).toBe(total);
  });
});
