import { describe, expect, it } from 'vitest';
import { formatCents, formatCurrency, formatDate, formatDateTime, formatDuration, formatTime, greetingFor } from './format';

describe('formatDuration', () => {
  it.each([
    [0, '0 min'],
    [5, '5 min'],
    [45, '45 min'],
    [59, '59 min'],
    [60, '1 hour'],
    [61, '1 hour 1 min'],
    [90, '1 hour 30 min'],
    [120, '2 hours'],
    [125, '2 hours 5 min'],
    [600, '10 hours'],
  ])('%i minutes → %s', (min, text) => {
    expect(formatDuration(min)).toBe(text);
  });
});

describe('dates and times in America/Chicago', () => {
  // 2026-11-21 20:30 UTC is 2:30 PM in Chicago (CST, UTC-6)
  const d = new Date('2026-11-21T20:30:00Z');
  it('formats dates as short month, day, year', () => {
    expect(formatDate(d)).toBe('Nov 21, 2026');
  });
  it('uses the Chicago date, not UTC', () => {
    expect(formatDate('2026-11-22T03:00:00Z')).toBe('Nov 21, 2026');
  });
  it('formats times as 12-hour', () => {
    expect(formatTime(d)).toBe('2:30 PM');
    expect(formatTime('2026-07-01T05:05:00Z')).toBe('12:05 AM'); // CDT, UTC-5
    expect(formatDateTime(d)).toBe('Nov 21, 2026, 2:30 PM');
  });
  it('greets by the hour in Chicago', () => {
    expect(greetingFor('2026-11-21T15:00:00Z')).toBe('Good morning');
    expect(greetingFor(d)).toBe('Good afternoon');
    expect(greetingFor('2026-11-22T01:00:00Z')).toBe('Good evening');
  });
});

describe('currency', () => {
  it('formats USD in en-US', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCents(4599)).toBe('$45.99');
    expect(formatCents(0)).toBe('$0.00');
  });
});
