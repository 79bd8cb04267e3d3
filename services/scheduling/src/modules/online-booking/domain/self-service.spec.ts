import { describe, expect, it } from 'vitest';
import { selfServiceChange } from './self-service.js';

const start = new Date('2026-12-03T16:00:00Z');
const hoursBefore = (h: number) => new Date(start.getTime() - h * 3_600_000);

describe('selfServiceChange', () => {
  it.each([
    ['booked, two days ahead', 'booked', hoursBefore(48), 24, { allowed: true }],
    ['confirmed, just outside the window', 'confirmed', hoursBefore(24.01), 24, { allowed: true }],
    [
      'exactly at the window',
      'booked',
      hoursBefore(24),
      24,
      { allowed: false, reason: 'Changes within 24 hours of the appointment cannot be made online; please call the salon' },
    ],
    [
      'inside a 1-hour window',
      'booked',
      hoursBefore(0.5),
      1,
      { allowed: false, reason: 'Changes within 1 hour of the appointment cannot be made online; please call the salon' },
    ],
    ['no window: until it starts', 'booked', hoursBefore(0.1), 0, { allowed: true }],
    ['started', 'booked', hoursBefore(-0.1), 0, { allowed: false, reason: 'This appointment has already started' }],
    [
      'cancelled',
      'cancelled',
      hoursBefore(48),
      24,
      { allowed: false, reason: 'This appointment is cancelled and can no longer be changed online' },
    ],
    [
      'checked in',
      'checked-in',
      hoursBefore(48),
      24,
      { allowed: false, reason: 'This appointment is checked in and can no longer be changed online' },
    ],
  ])('%s', (_name, status, now, hours, expected) => {
    expect(selfServiceChange({ status, startsAt: start }, now, hours)).toEqual(expected);
  });
});
