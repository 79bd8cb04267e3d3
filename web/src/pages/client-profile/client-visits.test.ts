import { describe, expect, it } from 'vitest';
import { splitVisits } from './client-visits';

const v = (id: string, startsAt: string, endsAt: string, status = 'booked') => ({
  id,
  startsAt,
  endsAt,
  status,
  serviceId: 's',
  serviceName: 'Cut',
  staffId: 'p',
  priceMinor: 5000,
});

describe('splitVisits', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  it('puts what is still to come first, soonest first, and the rest newest first', () => {
    const items = [
      v('later', '2026-12-01T15:00:00Z', '2026-12-01T16:00:00Z'),
      v('soon', '2026-11-24T15:00:00Z', '2026-11-24T16:00:00Z', 'confirmed'),
      v('old', '2026-10-01T15:00:00Z', '2026-10-01T16:00:00Z', 'completed'),
      v('older', '2026-09-01T15:00:00Z', '2026-09-01T16:00:00Z', 'completed'),
    ];
    const { upcoming, past } = splitVisits(items, now);
    expect(upcoming.map((x) => x.id)).toEqual(['soon', 'later']);
    expect(past.map((x) => x.id)).toEqual(['old', 'older']);
  });
  it('keeps an appointment in progress upcoming until it ends', () => {
    const { upcoming } = splitVisits([v('now', '2026-11-23T14:30:00Z', '2026-11-23T15:30:00Z', 'in-service')], now);
    expect(upcoming.map((x) => x.id)).toEqual(['now']);
  });
  it('counts a cancelled future appointment as past: nobody is coming to it', () => {
    const { upcoming, past } = splitVisits([v('c', '2026-12-01T15:00:00Z', '2026-12-01T16:00:00Z', 'cancelled')], now);
    expect(upcoming).toEqual([]);
    expect(past.map((x) => x.id)).toEqual(['c']);
  });
});
