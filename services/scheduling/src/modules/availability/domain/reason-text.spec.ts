import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration } from './reason-text.js';
import { at, ZONE } from './test/fixtures.js';

describe('reason text', () => {
  it.each([
    { local: '2026-03-10 15:30', text: '3:30 PM' },
    { local: '2026-03-10 18:00', text: '6 PM' },
    { local: '2026-03-10 00:05', text: '12:05 AM' },
    { local: '2026-03-10 12:00', text: '12 PM' },
  ])('$local → $text', ({ local, text }) => expect(formatClock(at(local).getTime(), ZONE)).toBe(text));

  it.each([
    { min: 120, text: '2 hours' },
    { min: 60, text: '1 hour' },
    { min: 90, text: '1 hour 30 minutes' },
    { min: 15, text: '15 minutes' },
    { min: 1440 * 60, text: '60 days' },
  ])('$min min → $text', ({ min, text }) => expect(formatDuration(min)).toBe(text));
});
