import { describe, expect, it } from 'vitest';
import { hours, lastTwoWeeks } from './time-clock-format';

describe('time clock formats', () => {
  it('shows minutes as hours', () => {
    expect(hours(485)).toBe('8 h 05');
    expect(hours(0)).toBe('0 h 00');
  });
  it('the last two full weeks run Monday to Sunday before this week', () => {
    expect(lastTwoWeeks('2026-11-23')).toEqual({ from: '2026-11-09', to: '2026-11-22' });
    expect(lastTwoWeeks('2026-11-29')).toEqual({ from: '2026-11-09', to: '2026-11-22' });
  });
});
