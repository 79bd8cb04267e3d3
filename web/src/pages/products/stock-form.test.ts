import { describe, expect, it } from 'vitest';
import { movementLabel, parseAdjustment, parseTransfer } from './stock-form';

describe('parseAdjustment', () => {
  it.each([
    ['3', 'Found in the back', { ok: true, value: { quantity: 3, reason: 'Found in the back' } }],
    ['+3', ' Found ', { ok: true, value: { quantity: 3, reason: 'Found' } }],
    ['-2', 'Damaged', { ok: true, value: { quantity: -2, reason: 'Damaged' } }],
    ['0', 'Damaged', { ok: false, field: 'quantity' }],
    ['1.5', 'Damaged', { ok: false, field: 'quantity' }],
    ['', 'Damaged', { ok: false, field: 'quantity' }],
    ['2000000', 'Damaged', { ok: false, field: 'quantity' }],
    ['-2', '  ', { ok: false, field: 'reason' }],
  ])('%j with %j', (q, reason, expected) => expect(parseAdjustment(q, reason)).toMatchObject(expected));
});

describe('parseTransfer', () => {
  it.each([
    ['2', 'loc-2', 5, '', { ok: true, value: { quantity: 2, toLocationId: 'loc-2', reason: null } }],
    ['5', 'loc-2', 5, 'Restock', { ok: true, value: { quantity: 5, reason: 'Restock' } }],
    ['6', 'loc-2', 5, '', { ok: false, field: 'quantity', message: 'Only 5 on hand here' }],
    ['0', 'loc-2', 5, '', { ok: false, field: 'quantity' }],
    ['-1', 'loc-2', 5, '', { ok: false, field: 'quantity' }],
    ['2', '', 5, '', { ok: false, field: 'toLocationId' }],
  ])('%j to %j with %i on hand', (q, to, onHand, reason, expected) => expect(parseTransfer(q, to, onHand, reason)).toMatchObject(expected));
});

it('names every movement kind', () => {
  expect(movementLabel('transfer_out')).toBe('Sent to another location');
  expect(movementLabel('counted')).toBe('Stock count');
});
