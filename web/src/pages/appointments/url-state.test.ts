import { describe, expect, it } from 'vitest';
import { readCalendarParams, writeCalendarParams } from './url-state';

describe('calendar url state', () => {
  it('reads with fallbacks and writes only non-defaults', () => {
    expect(readCalendarParams(new URLSearchParams('date=2026-02-30&view=x'), '2026-11-21')).toEqual({ date: '2026-11-21', view: 'day' });
    expect(readCalendarParams(new URLSearchParams('date=2026-12-01&view=week'), '2026-11-21')).toEqual({
      date: '2026-12-01',
      view: 'week',
    });
    expect(writeCalendarParams({ date: '2026-11-21', view: 'day' }, '2026-11-21').toString()).toBe('');
    expect(writeCalendarParams({ date: '2026-12-01', view: 'week' }, '2026-11-21').toString()).toBe('date=2026-12-01&view=week');
  });
});
