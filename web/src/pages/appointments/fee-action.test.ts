import { describe, expect, it } from 'vitest';
import { feeActionLabel, feeCardNote, mayCarryFee } from './fee-action';

describe('the fee action', () => {
  it.each([
    [{ status: 'chargeable', kind: 'no_show', amountMinor: 2500 }, 'Charge no-show fee $25.00'],
    [{ status: 'chargeable', kind: 'late_cancel', amountMinor: 1550 }, 'Charge late-cancel fee $15.50'],
    [{ status: 'charged', kind: 'no_show', amountMinor: 2500 }, null],
    [{ status: 'not_applicable', kind: null, amountMinor: null }, null],
    [null, null],
  ])('%o → %s', (fee, label) => {
    expect(feeActionLabel(fee)).toBe(label);
  });

  it('says where it is charged, or that there is no card', () => {
    expect(feeCardNote({ status: 'chargeable', card: { brand: 'visa', last4: '4242' } })).toBe(
      'Charged to the card on file (Visa ending 4242).',
    );
    expect(feeCardNote({ status: 'chargeable', card: null })).toMatch(/^No card on file/);
  });

  it('is only asked for no-shows and cancellations', () => {
    expect(['booked', 'completed', 'no-show', 'cancelled'].filter(mayCarryFee)).toEqual(['no-show', 'cancelled']);
  });
});
