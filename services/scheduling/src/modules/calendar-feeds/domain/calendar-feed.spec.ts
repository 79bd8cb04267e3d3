import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { staffFeed, type FeedItem } from './calendar-feed.js';

const item = (over: Partial<FeedItem> = {}): FeedItem => ({
  appointmentId: 'a1',
  position: 1,
  startsAt: new Date('2026-11-24T16:00:00Z'),
  endsAt: new Date('2026-11-24T17:00:00Z'),
  serviceName: 'Haircut',
  locationName: 'Downtown',
  status: 'booked',
  version: 3,
  updatedAt: new Date('2026-11-20T10:00:00Z'),
  ...over,
});

/** Read back with a real iCalendar parser (ical.js), as a calendar app would. */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

describe('staffFeed', () => {
  it('is a calendar a parser reads: one event per part with its times, service, place and sequence', () => {
    const text = staffFeed({
      businessName: 'Demo Salon',
      staffName: 'Dana Lee',
      items: [
        item(),
        item({
          appointmentId: 'a2',
          position: 2,
          serviceName: 'Colour',
          startsAt: new Date('2026-11-25T15:00:00Z'),
          endsAt: new Date('2026-11-25T16:30:00Z'),
        }),
      ],
      appUrl: 'https://salon.example/appointments',
    });
    const {
      calendar,
      events: [first, second],
    } = events(text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Dana Lee · Demo Salon');
    expect(first.uid).toBe('a1-1@salon-platform');
    expect(first.summary).toBe('Haircut');
    expect(first.location).toBe('Downtown');
    expect(first.startDate.toJSDate().toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(first.endDate.toJSDate().toISOString()).toBe('2026-11-24T17:00:00.000Z');
    expect(first.sequence).toBe(3);
    expect(first.description).toContain('https://salon.example/appointments');
    expect(second.uid).toBe('a2-2@salon-platform');
    expect(second.duration.toSeconds()).toBe(90 * 60);
  });

  it('leaves out cancelled and no-show visits and never names the client', () => {
    const text = staffFeed({
      businessName: 'Demo Salon',
      staffName: 'Dana Lee',
      items: [
        item({ status: 'cancelled' }),
        item({ appointmentId: 'a3', status: 'no-show' }),
        item({ appointmentId: 'a4', status: 'completed' }),
      ],
    });
    expect(events(text).events.map((e) => e.uid)).toEqual(['a4-1@salon-platform']);
    expect(text).not.toMatch(/client/i);
  });

  it('is the same text for the same appointments (no clock in it)', () => {
    const input = { businessName: 'Demo Salon', staffName: 'Dana Lee', items: [item()] };
    expect(staffFeed(input)).toBe(staffFeed(input));
  });
});
