import { describe, expect, it } from 'vitest';
import { withinCap } from './frequency-cap.js';

const H = 3_600_000;
const now = new Date('2026-11-23T15:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * H);

describe('frequency cap per client', () => {
  it('allows sends until the cap within a rolling 24 hours', () => {
    expect(withinCap([], now, 1)).toBe(true);
    expect(withinCap([ago(1), ago(5)], now, 3)).toBe(true);
    expect(withinCap([ago(1), ago(5), ago(23)], now, 3)).toBe(false);
  });

  it('forgets sends older than a day', () => {
    expect(withinCap([ago(24), ago(30), ago(2)], now, 2)).toBe(true);
  });
});
