import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentIcs } from './ics';

// Read back with a real iCalendar parser (ical.js): what a calendar app would import.
describe('appointmentIcs', () => {
  const event = {
    id: '0b9c6a4e-3f0e-4d55-9c1c-2a3b4c5d6e7f',
    startsAt: '2026-11-24T16:15:00.000Z',
    endsAt: '2026-11-24T17:00:00.000Z',
    summary: 'Blow-dry with Dana Lee, Salon; "Downtown"',
    location: 'Downtown, 100 N State St, Chicago',
    description: 'Line one\nLine two, with a comma; and a semicolon \\ and a backslash. '.repeat(3),
    url: 'http://127.0.0.1:4660/booking',
    now: new Date('2026-11-23T15:00:00Z'),
  };

  it('parses as one event with the appointment’s times, texts and manage link', () => {
    const text = appointmentIcs(event);
    const comp = new ICAL.Component(ICAL.parse(text));
    expect(comp.getFirstPropertyValue('version')).toBe('2.0');
    const vevent = new ICAL.Event(comp.getFirstSubcomponent('vevent')!);
    expect(vevent.uid).toBe(`${event.id}@salon-booking`);
    expect(vevent.startDate.toJSDate().toISOString()).toBe(event.startsAt);
    expect(vevent.endDate.toJSDate().toISOString()).toBe(event.endsAt);
    expect(vevent.summary).toBe(event.summary);
    expect(vevent.location).toBe(event.location);
    expect(vevent.description).toBe(event.description);
    expect(comp.getFirstSubcomponent('vevent')!.getFirstPropertyValue('url')).toBe(event.url);
  });

  it('folds long lines at 75 octets with CRLF, without splitting a character', () => {
    const text = appointmentIcs({ ...event, description: 'é'.repeat(100) });
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(vevent.description).toBe('é'.repeat(100));
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('leaves out what is not known', () => {
    const text = appointmentIcs({ ...event, location: null, description: null, url: null });
    expect(text).not.toMatch(/LOCATION|DESCRIPTION|URL/);
  });
});
