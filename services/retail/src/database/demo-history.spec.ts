import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { computeTotals } from '../modules/tickets/domain/ticket-totals.rules.js';
import { planVisitPayments, type HistoryInput, type PastVisit } from './demo-history.js';
import { historyTenders } from './demo-sales.writer.js';

const ZONE = 'America/Chicago';
// The walk's pinned "now": Monday 2026-11-23 09:00 in Chicago.
const NOW = DateTime.fromISO('2026-11-23T09:00', { zone: ZONE }).toJSDate();
const MONDAY_BEFORE_LAST = DateTime.fromJSDate(NOW, { zone: ZONE }).startOf('week').minus({ weeks: 2 });

/** Five visits a day at two locations, Monday to Saturday, for three weeks from two Mondays ago. */
const VISITS: PastVisit[] = Array.from({ length: 21 }, (_, d) => MONDAY_BEFORE_LAST.plus({ days: d }))
  .filter((day) => day.weekday !== 7)
  .flatMap((day, d) =>
    ['main', 'north'].flatMap((locationId) =>
      [10, 11, 13, 14, 16].map((hour, v) => ({
        appointmentId: `${day.toISODate()}-${locationId}-${hour}`,
        locationId,
        clientId: (d + v) % 9 === 0 ? null : `client-${(d * 5 + v) % 40}`,
        endsAt: day.set({ hour, minute: 45 }).toJSDate(),
      })),
    ),
  )
  .sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime());

const input = (now = NOW): HistoryInput => ({
  now,
  visits: VISITS,
  timeZones: new Map([
    ['main', ZONE],
    ['north', ZONE],
  ]),
  productCount: 6,
});

describe('planVisitPayments', () => {
  const plan = planVisitPayments(input());

  it('is the same every time for the same now and visits', () => {
    expect(planVisitPayments(input())).toEqual(plan);
  });

  it('pays every visit that ended before now, once, a few minutes after it ended and never after now', () => {
    const ended = VISITS.filter((v) => v.endsAt <= NOW);
    expect(plan.map((p) => p.appointmentId)).toEqual(ended.map((v) => v.appointmentId));
    expect(plan.length).toBe(12 * 2 * 5);
    for (const p of plan) {
      const visit = VISITS.find((v) => v.appointmentId === p.appointmentId)!;
      const after = (p.closedAt.getTime() - visit.endsAt.getTime()) / 60_000;
      expect(after).toBeGreaterThanOrEqual(0);
      expect(after).toBeLessThan(15);
      expect(p.closedAt <= NOW).toBe(true);
    }
  });

  it('closes a visit that ended moments ago at now, not in the future', () => {
    const justNow = { appointmentId: 'just-now', locationId: 'main', clientId: 'c', endsAt: new Date(NOW.getTime() - 60_000) };
    const [payment] = planVisitPayments({ ...input(), visits: [justNow] });
    expect(payment!.closedAt).toEqual(NOW);
  });

  it('mixes tenders, tips and products', () => {
    const count = (f: (t: (typeof plan)[number]) => boolean) => plan.filter(f).length;
    expect(count((t) => t.tender === 'card')).toBeGreaterThan(plan.length / 3);
    expect(count((t) => t.tender === 'cash')).toBeGreaterThan(plan.length / 10);
    expect(count((t) => t.tender === 'split')).toBeGreaterThan(0);
    expect(count((t) => t.tipPercent > 0)).toBeGreaterThan(plan.length / 2);
    expect(count((t) => t.product !== null)).toBeGreaterThan(plan.length / 10);
    expect(count((t) => t.roundUpCash)).toBeGreaterThan(0);
    expect(plan.every((t) => t.product === null || (t.product >= 0 && t.product < 6))).toBe(true);
  });

  it('sells no product when the seed has none', () => {
    expect(planVisitPayments({ ...input(), productCount: 0 }).every((p) => p.product === null)).toBe(true);
  });

  it('refunds two sales to clients on file, a product and half a service, on a later opening day before now', () => {
    const refunded = plan.filter((t) => t.refund !== null);
    expect(refunded.map((t) => t.refund!.what).sort()).toEqual(['half-service', 'product']);
    for (const t of refunded) {
      expect(t.refund!.at > t.closedAt).toBe(true);
      expect(t.refund!.at < NOW).toBe(true);
      expect(DateTime.fromJSDate(t.refund!.at, { zone: ZONE }).weekday).not.toBe(7);
      expect(VISITS.find((v) => v.appointmentId === t.appointmentId)!.clientId).not.toBeNull();
    }
    expect(refunded.find((t) => t.refund!.what === 'product')!.product).not.toBeNull();
  });

  it('refunds nothing when no sale has a later opening day before now', () => {
    const firstDay = VISITS.filter((v) => v.endsAt < MONDAY_BEFORE_LAST.plus({ days: 1 }).toJSDate());
    const plan = planVisitPayments({ ...input(MONDAY_BEFORE_LAST.set({ hour: 20 }).toJSDate()), visits: firstDay });
    expect(plan.length).toBe(10);
    expect(plan.every((p) => p.refund === null)).toBe(true);
  });

  it('makes tickets the domain accepts', () => {
    for (const p of plan.slice(0, 30)) {
      const lines = [
        { kind: 'service' as const, quantity: 1, unitPriceMinor: 5500, staffId: 'dana', discount: null },
        ...(p.product === null ? [] : [{ kind: 'product' as const, quantity: 1, unitPriceMinor: 1999, staffId: null, discount: null }]),
      ];
      const tip = p.tipPercent ? { mode: 'percent' as const, bps: p.tipPercent * 100 } : null;
      expect(computeTotals({ lines, discount: null, tip, rates: { servicePpm: 0, productPpm: 102_500 } }).ok).toBe(true);
    }
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
