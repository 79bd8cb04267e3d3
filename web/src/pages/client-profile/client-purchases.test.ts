import { describe, expect, it } from 'vitest';
import { itemsLine, methodLabel, saleState } from './client-purchases';

describe('client purchases', () => {
  it.each([
    [{ totalMinor: 8_085, refundedMinor: 0 }, 'paid'],
    [{ totalMinor: 8_085, refundedMinor: 2_000 }, 'partly-refunded'],
    [{ totalMinor: 8_085, refundedMinor: 8_085 }, 'refunded'],
    [{ totalMinor: 0, refundedMinor: 0 }, 'paid'],
  ] as const)('%o is %s', (sale, state) => {
    expect(saleState(sale)).toBe(state);
  });

  it('lists the items with a quantity when more than one', () => {
    expect(
      itemsLine([
        { name: 'Haircut', quantity: 1 },
        { name: 'Shampoo', quantity: 2 },
      ]),
    ).toBe('Haircut, Shampoo ×2');
    expect(itemsLine([])).toBe('No items');
    expect([methodLabel('card_on_file'), methodLabel('cash'), methodLabel('new_kind')]).toEqual(['Card on file', 'Cash', 'new_kind']);
  });
});
