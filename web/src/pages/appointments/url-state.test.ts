import { describe, expect, it } from 'vitest';
import { readCalendarParams, writeCalendarParams } from './url-state';

describe('calendar url state', () => {
  it('reads with fallbacks and writes only non-defaults', () => {
    expect(readCalendarParams(new URLSearchParams('date=2026-02-30&view=x'), '2026-11-21')).toEqual({
      date: '2026-11-21',
      view: 'day',
      showCancelled: false,
      zoom: 1,
    });
    expect(readCalendarParams(new URLSearchParams('date=2026-12-01&view=week'), '2026-11-21')).toMatchObject({
      date: '2026-12-01',
      view: 'week',
    });
    expect(writeCalendarParams({ date: '2026-11-21', view: 'day' }, '2026-11-21').toString()).toBe('');
    expect(writeCalendarParams({ date: '2026-12-01', view: 'week' }, '2026-11-21').toString()).toBe('date=2026-12-01&view=week');
  });

  it('keeps "show cancelled" and the zoom in the URL, clamping a zoom out of range', () => {
    expect(readCalendarParams(new URLSearchParams('cancelled=1&zoom=3'), '2026-11-21')).toMatchObject({ showCancelled: true, zoom: 3 });
    expect(readCalendarParams(new URLSearchParams('zoom=9'), '2026-11-21').zoom).toBe(3);
    expect(readCalendarParams(new URLSearchParams('zoom=abc'), '2026-11-21').zoom).toBe(1);
    expect(writeCalendarParams({ date: '2026-11-21', view: 'day', showCancelled: true, zoom: 2 }, '2026-11-21').toString()).toBe(
      'cancelled=1&zoom=2',
    );
    expect(writeCalendarParams({ date: '2026-11-21', view: 'day', showCancelled: false, zoom: 1 }, '2026-11-21').toString()).toBe('');
  });
});
