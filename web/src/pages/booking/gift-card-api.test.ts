import { describe, expect, it } from 'vitest';
import { dollarsToMinor, todayIn } from './gift-card-api';

describe('the gift card form', () => {
  it("dates the delivery in the location's zone", () => {
    const lateEvening = new Date('2026-11-25T04:30:00Z');
    expect(todayIn('America/Chicago', lateEvening)).toBe('2026-11-24');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-25');
  });

  it.each([
    ['50', 5000],
    ['49.99', 4999],
    [' 25 ', 2500],
    ['abc', null],
    ['1.234', null],
    ['', null],
  ])('reads %j as %j', (typed, minor) => {
    expect(dollarsToMinor(typed)).toBe(minor);
  });
});
