import { describe, expect, it } from 'vitest';
import { checkoutRefusal, editRefusal, totalBelowPaid, voidRefusal } from './ticket-state.rules.js';

describe('ticket state', () => {
  it.each([
    ['open', null],
    ['closed', 'Ticket #1001 is closed: correct it with a refund or a new ticket'],
    ['voided', 'Ticket #1001 was voided'],
  ] as const)('a %s ticket edits: %s', (status, refusal) => {
    expect(editRefusal({ status, number: 1001 })).toBe(refusal);
  });

  it.each([
    ['open', 0, null],
    ['open', 2000, 'Ticket #1001 has $20.00 paid: refund the payments before voiding it'],
    ['closed', 5500, 'Ticket #1001 is closed: correct it with a refund or a new ticket'],
    ['voided', 0, 'Ticket #1001 was voided'],
  ] as const)('voiding a %s ticket with %i paid: %s', (status, paidMinor, refusal) => {
    expect(voidRefusal({ status, number: 1001, paidMinor })).toBe(refusal);
  });

  it('never lets a change take the total under what was paid', () => {
    expect(totalBelowPaid(5000, 5000)).toBeNull();
    expect(totalBelowPaid(4999, 5000)).toBe('would bring the total to $49.99, under the $50.00 already paid: refund first');
  });

  it.each([
    ['booked', null],
    ['checked-in', null],
    ['completed', null],
    ['cancelled', 'was cancelled'],
    ['no-show', 'is a no-show'],
  ])('an appointment that is %s checks out: %s', (status, refusal) => {
    expect(checkoutRefusal(status)).toBe(refusal);
  });
});
