import { describe, expect, it } from 'vitest';
import { parseSeenAt, unseenOnline } from './online-seen';

const a = (id: string, createdAt: string, source = 'online') => ({ id, source, createdAt });

describe('online bookings since you last looked', () => {
  const items = [a('old', '2026-11-20T10:00:00Z'), a('new', '2026-11-23T10:00:00Z'), a('desk', '2026-11-23T11:00:00Z', 'staff')];
  it('are the online ones booked after the last look; desk bookings never count', () => {
    expect(unseenOnline(items, Date.parse('2026-11-22T00:00:00Z')).map((x) => x.id)).toEqual(['new']);
  });
  it('on a first look (nothing stored) nothing is new', () => {
    expect(unseenOnline(items, parseSeenAt(null))).toEqual([]);
  });
  it('reads a stored time, and a damaged value as a first look', () => {
    expect(parseSeenAt('2026-11-22T00:00:00.000Z')).toBe(Date.parse('2026-11-22T00:00:00Z'));
    expect(parseSeenAt('garbage')).toBeNull();
  });
});
