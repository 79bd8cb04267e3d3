import { parseEvent } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { workingHoursChanged } from './working-hours-event.js';

const STAFF = '0a000000-0000-4000-8000-000000000001';
const LOCATION = '10c00000-0000-4000-8000-000000000001';

describe('workingHoursChanged', () => {
  it('carries the whole week, sorted, with work as the default kind, keyed by person and location', () => {
    const e = workingHoursChanged(
      {
        staffId: STAFF,
        locationId: LOCATION,
        intervals: [
          { weekday: 2, start: '09:00', end: '17:00' },
          { weekday: 1, start: '12:30', end: '13:00', kind: 'break' },
          { weekday: 1, start: '09:00', end: '18:00', kind: 'work' },
        ],
      },
      { type: 'user', id: STAFF },
    );
    expect(e.aggregateId).toBe(`${STAFF}:${LOCATION}`);
    expect(e.payload.intervals).toEqual([
      { weekday: 1, start: '09:00', end: '18:00', kind: 'work' },
      { weekday: 1, start: '12:30', end: '13:00', kind: 'break' },
      { weekday: 2, start: '09:00', end: '17:00', kind: 'work' },
    ]);
    const parsed = parseEvent({
      id: '01900000-0000-7000-8000-000000000001',
      type: e.type,
      occurredAt: '2026-11-02T15:00:00Z',
      aggregateType: e.aggregateType,
      aggregateId: e.aggregateId,
      locationId: e.locationId,
      actor: e.actor,
      traceparent: null,
      payload: e.payload,
    });
    expect(parsed.payload).toEqual(e.payload);
  });

  it('says an emptied week with no intervals', () => {
    expect(
      workingHoursChanged({ staffId: STAFF, locationId: LOCATION, intervals: [] }, { type: 'system', id: null }).payload.intervals,
    ).toEqual([]);
  });
});
