import { describe, expect, it } from 'vitest';
import {
  appointmentsSummary,
  averageMinor,
  clientsSummary,
  datesBetween,
  rateBps,
  salesDays,
  salesTotals,
  staffPerformance,
} from './reports.rules.js';

describe('rates and averages', () => {
  it.each([
    [1, 3, 3333],
    [2, 3, 6667],
    [0, 0, 0],
    [5, 5, 10_000],
  ])('%i of %i is %i bps', (part, whole, bps) => expect(rateBps(part, whole)).toBe(bps));
  it.each([
    [19_000, 3, 6333],
    [1001, 2, 501],
    [-1001, 2, -501],
    [500, 0, 0],
  ])('%i over %i averages %i', (total, count, avg) => expect(averageMinor(total, count)).toBe(avg));
});

describe('sales days and totals', () => {
  it('lists every day of the range, across a month end and DST', () => {
    expect(datesBetween('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
  });
  it('fills days without a sale with zeros and puts refunds on their own day', () => {
    const days = salesDays(
      '2026-11-09',
      '2026-11-11',
      [{ date: '2026-11-10', tickets: 2, salesMinor: 500, tipsMinor: 50, discountMinor: 0, taxMinor: 0 }],
      [{ date: '2026-11-11', amountMinor: 100 }],
    );
    expect(days).toEqual([
      { date: '2026-11-09', tickets: 0, salesMinor: 0, tipsMinor: 0, refundsMinor: 0 },
      { date: '2026-11-10', tickets: 2, salesMinor: 500, tipsMinor: 50, refundsMinor: 0 },
      { date: '2026-11-11', tickets: 0, salesMinor: 0, tipsMinor: 0, refundsMinor: 100 },
    ]);
  });
  it('splits sales by kind, the rest being other lines (fees, gift cards), and nets refunds', () => {
    const totals = salesTotals(
      [
        { date: 'a', tickets: 2, salesMinor: 1000, tipsMinor: 100, discountMinor: 50, taxMinor: 80 },
        { date: 'b', tickets: 1, salesMinor: 501, tipsMinor: 0, discountMinor: 0, taxMinor: 0 },
      ],
      [
        { key: 'service', label: 'service', count: 2, amountMinor: 900 },
        { key: 'product', label: 'product', count: 1, amountMinor: 500 },
      ],
      200,
    );
    expect(totals).toEqual({
      tickets: 3,
      salesMinor: 1501,
      servicesMinor: 900,
      productsMinor: 500,
      otherMinor: 101,
      discountMinor: 50,
      taxMinor: 80,
      tipsMinor: 100,
      refundsMinor: 200,
      netMinor: 1301,
      averageTicketMinor: 500,
    });
  });
});

describe('appointments, clients and staff', () => {
  it('rates no-shows over completed and no-shows, online over all; cancellations count for no one', () => {
    const a = appointmentsSummary(
      [
        { staffId: 's1', status: 'completed', online: false, n: 3 },
        { staffId: 's1', status: 'no_show', online: true, n: 1 },
        { staffId: 's2', status: 'cancelled', online: true, n: 4 },
        { staffId: 's2', status: 'booked', online: false, n: 2 },
      ],
      (id) => id.toUpperCase(),
    );
    expect(a).toMatchObject({ total: 10, booked: 2, completed: 3, cancelled: 4, noShow: 1, online: 5, noShowBps: 2500, onlineBps: 5000 });
    expect(a.byStaff).toEqual([
      { key: 's1', label: 'S1', count: 4, amountMinor: 0 },
      { key: 's2', label: 'S2', count: 2, amountMinor: 0 },
    ]);
  });
  it('counts returning clients and ranks the top spenders', () => {
    const c = clientsSummary(
      [
        { clientId: 'b', name: null, tickets: 1, spentMinor: 100, returning: false },
        { clientId: 'a', name: 'Avery', tickets: 3, spentMinor: 900, returning: true },
        { clientId: 'c', name: 'Cam', tickets: 1, spentMinor: 100, returning: true },
      ],
      4,
      [
        { completed: 2, rebooked: 1 },
        { completed: 2, rebooked: 2 },
      ],
      2,
    );
    expect(c).toEqual({
      newClients: 4,
      served: 3,
      returning: 2,
      firstVisits: 1,
      retentionBps: 6667,
      rebookingBps: 7500,
      topClients: [
        { key: 'a', label: 'Avery', count: 3, amountMinor: 900 },
        { key: 'b', label: 'Client', count: 1, amountMinor: 100 },
      ],
    });
  });
  it('puts each person with a sale, a tip or an appointment in one row, highest revenue first', () => {
    const rows = staffPerformance(
      [{ staffId: 'x', revenueMinor: 1000, services: 2, tickets: 3 }],
      [{ staffId: 'y', tipsMinor: 500 }],
      [{ staffId: 'x', completed: 3, rebooked: 1 }],
      (id) => (id === 'x' ? 'Xan' : null),
    );
    expect(rows).toEqual([
      {
        staffId: 'x',
        staffName: 'Xan',
        revenueMinor: 1000,
        services: 2,
        tickets: 3,
        averageTicketMinor: 333,
        tipsMinor: 0,
        completedAppointments: 3,
        rebookingBps: 3333,
        bookedMinutes: 0,
        workingMinutes: 0,
        utilisationBps: 0,
      },
      {
        staffId: 'y',
        staffName: null,
        revenueMinor: 0,
        services: 0,
        tickets: 0,
        averageTicketMinor: 0,
        tipsMinor: 500,
        completedAppointments: 0,
        rebookingBps: 0,
        bookedMinutes: 0,
        workingMinutes: 0,
        utilisationBps: 0,
      },
    ]);
  });
  it('gives each person their utilisation, and a row to someone who only had working hours', () => {
    const rows = staffPerformance([{ staffId: 'x', revenueMinor: 1000, services: 2, tickets: 3 }], [], [], () => null, [
      { staffId: 'x', bookedMinutes: 270, workingMinutes: 360 },
      { staffId: 'z', bookedMinutes: 0, workingMinutes: 480 },
    ]);
    expect(rows.map((r) => [r.staffId, r.bookedMinutes, r.workingMinutes, r.utilisationBps])).toEqual([
      ['x', 270, 360, 7_500],
      ['z', 0, 480, 0],
    ]);
    const a = appointmentsSummary([], String, { bookedMinutes: 90, workingMinutes: 270 });
    expect([a.bookedMinutes, a.workingMinutes, a.utilisationBps]).toEqual([90, 270, 3_333]);
  });
});
