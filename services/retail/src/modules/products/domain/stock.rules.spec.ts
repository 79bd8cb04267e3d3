import { describe, expect, it } from 'vitest';
import { becameLow, countDifferences, isLow, notEnoughStock, receive, restockable, signedQuantity } from './stock.rules.js';

describe('stock ledger rules', () => {
  it.each([
    ['received', 5, 5],
    ['refunded', 2, 2],
    ['transfer_in', 3, 3],
    ['sold', 2, -2],
    ['used', 1, -1],
    ['transfer_out', 4, -4],
    ['adjusted', -3, -3],
    ['adjusted', 3, 3],
    ['counted', -1, -1],
  ] as const)('a %s movement of %i moves stock by %i', (kind, quantity, signed) => {
    expect(signedQuantity(kind, quantity)).toBe(signed);
  });

  it('names the product and what is on hand when stock would go negative', () => {
    expect(notEnoughStock('Argan Oil 100 ml', 0, 1)).toBe('Not enough Argan Oil 100 ml in stock: 0 on hand, 1 needed');
  });

  it.each([
    [5, 4, 4, true],
    [5, 3, 4, true],
    [4, 3, 4, false],
    [6, 5, 4, false],
    [3, 5, 4, false],
    [5, 0, null, false],
  ])('from %i to %i with threshold %s turns low: %s', (before, after, threshold, expected) => {
    expect(becameLow(before, after, threshold)).toBe(expected);
  });

  it('is low at or under the threshold, never without one', () => {
    expect(isLow(4, 4)).toBe(true);
    expect(isLow(5, 4)).toBe(false);
    expect(isLow(0, null)).toBe(false);
  });

  it('posts only the differences of a count', () => {
    expect(
      countDifferences([
        { productId: 'a', counted: 5, expected: 5 },
        { productId: 'b', counted: 2, expected: 4 },
        { productId: 'c', counted: 7, expected: 3 },
      ]),
    ).toEqual([
      { productId: 'b', difference: -2 },
      { productId: 'c', difference: 4 },
    ]);
  });

  describe('receiving a purchase order', () => {
    const lines = [
      { id: 'l1', quantity: 10, received: 0 },
      { id: 'l2', quantity: 4, received: 2 },
    ];
    it('in part', () => {
      const r = receive('ordered', lines, [{ lineId: 'l1', quantity: 6 }]);
      expect(r).toEqual({
        ok: true,
        status: 'partially_received',
        lines: [
          { id: 'l1', received: 6, arriving: 6 },
          { id: 'l2', received: 2, arriving: 0 },
        ],
      });
    });
    it('in whole', () => {
      const r = receive('partially_received', lines, [
        { lineId: 'l1', quantity: 10 },
        { lineId: 'l2', quantity: 2 },
      ]);
      expect(r.ok && r.status).toBe('received');
    });
    it('never more than a line waits for, even split over two receipts', () => {
      expect(
        receive('ordered', lines, [
          { lineId: 'l2', quantity: 1 },
          { lineId: 'l2', quantity: 2 },
        ]),
      ).toEqual({ ok: false, field: 'lines.1.quantity', message: 'is more than the 1 still to receive' });
    });
    it('refuses an unknown line and a finished order', () => {
      expect(receive('ordered', lines, [{ lineId: 'x', quantity: 1 }])).toMatchObject({ ok: false, field: 'lines.0.lineId' });
      expect(receive('received', lines, [{ lineId: 'l1', quantity: 1 }])).toMatchObject({ ok: false, message: 'This order is received' });
      expect(receive('cancelled', lines, [{ lineId: 'l1', quantity: 1 }])).toMatchObject({ ok: false });
    });
  });

  it('puts back at most what was sold less what was returned', () => {
    expect(restockable(3, 1)).toBe(2);
    expect(restockable(3, 3)).toBe(0);
    expect(restockable(1, 2)).toBe(0);
  });
});
