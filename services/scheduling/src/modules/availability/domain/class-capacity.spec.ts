import { describe, expect, it } from 'vitest';
import { checkClassSeat, classSeatsLeft } from './class-capacity.js';

describe('class capacity', () => {
  it.each([
    { capacity: 12, enrolled: 0, left: 12 },
    { capacity: 12, enrolled: 11, left: 1 },
    { capacity: 12, enrolled: 12, left: 0 },
    { capacity: 12, enrolled: 14, left: 0 },
  ])('$enrolled of $capacity → $left left', ({ capacity, enrolled, left }) => expect(classSeatsLeft(capacity, enrolled)).toBe(left));

  it.each([
    { enrolled: 11, seats: 1, ok: true, text: undefined },
    { enrolled: 12, seats: 1, ok: false, text: 'Yoga is full' },
    { enrolled: 11, seats: 2, ok: false, text: 'Only 1 seat left in Yoga' },
  ])('enrolled $enrolled, asking $seats → ok=$ok', ({ enrolled, seats, ok, text }) => {
    const res = checkClassSeat({ capacity: 12, enrolled, seats, className: 'Yoga' });
    expect(res.ok).toBe(ok);
    if (!res.ok) expect(res.reason).toBe(text);
  });
});
