import { describe, expect, it } from 'vitest';
import { FIRST_POLL_MS, MAX_POLL_MS, nextPollMs, POLL_FOR_MS } from './booked-forms-poll';

describe('booking confirmation: waiting for the forms', () => {
  it('asks again soon, then backs off to at most 10 s', () => {
    expect(nextPollMs(1, 0)).toBe(FIRST_POLL_MS);
    expect(nextPollMs(2, 1500)).toBe(2250);
    expect(nextPollMs(3, 3750)).toBe(3375);
    expect(nextPollMs(20, 60_000)).toBe(MAX_POLL_MS);
  });

  it('keeps going for two minutes (far longer than the old 20 asks × 1.5 s), then stops until asked again', () => {
    let elapsed = 0;
    let asks = 0;
    for (let wait = nextPollMs(1, 0); wait !== false; wait = nextPollMs(++asks + 1, elapsed)) elapsed += wait;
    expect(elapsed).toBeGreaterThanOrEqual(POLL_FOR_MS);
    expect(elapsed).toBeLessThan(POLL_FOR_MS + MAX_POLL_MS);
    expect(asks).toBeGreaterThan(10);
    expect(asks).toBeLessThan(30);
    expect(nextPollMs(5, POLL_FOR_MS)).toBe(false);
  });
});
