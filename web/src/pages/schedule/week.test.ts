import { describe, expect, it } from 'vitest';
import { dayMinutes, formatWallTime, rangeError, weekErrors, weekReducer, type Interval } from './week';

const w = (weekday: number, start: string, end: string, kind: Interval['kind'] = 'work'): Interval => ({
  weekday,
  start,
  end,
  kind,
  label: null,
});

describe('rangeError', () => {
  it('checks HH:mm and order', () => {
    expect(rangeError('09:00', '17:00')).toBeNull();
    expect(rangeError('18:00', '24:00')).toBeNull();
    expect(rangeError('17:00', '09:00')).toBe('End must be after start');
    expect(rangeError('9:00', '17:00')).toBe('Use HH:mm times');
    expect(rangeError('10:00', '10:00')).toBe('End must be after start');
  });
});

describe('weekReducer', () => {
  it('adds, updates, removes and copies', () => {
    let s = weekReducer([], { type: 'add', weekday: 1, kind: 'work' });
    expect(s).toEqual([w(1, '09:00', '17:00')]);
    s = weekReducer(s, { type: 'add', weekday: 1, kind: 'break' });
    expect(s[1]).toMatchObject({ kind: 'break', start: '12:00', end: '13:00' });
    s = weekReducer(s, { type: 'update', index: 0, patch: { end: '18:00' } });
    expect(s[0].end).toBe('18:00');
    s = weekReducer(s, { type: 'add', weekday: 1, kind: 'work' });
    expect(s[2]).toMatchObject({ start: '19:00', end: '21:00' });
    s = weekReducer(s, { type: 'remove', index: 2 });
    expect(s).toHaveLength(2);
    s = weekReducer([...s, w(3, '10:00', '12:00')], { type: 'copy-to-all', weekday: 1 });
    expect(s).toHaveLength(14);
    expect(s.filter((i) => i.weekday === 3)).toEqual([w(3, '09:00', '18:00'), w(3, '12:00', '13:00', 'break')]);
  });
});

describe('weekErrors', () => {
  it('finds overlaps, bad ranges and stray breaks', () => {
    expect(weekErrors([w(1, '09:00', '12:00'), w(1, '13:00', '17:00'), w(1, '10:00', '10:30', 'break')])).toEqual({});
    expect(weekErrors([w(1, '09:00', '12:00'), w(1, '11:00', '14:00')])).toEqual({ 1: 'Overlaps another working range' });
    expect(weekErrors([w(2, '12:00', '09:00')])).toEqual({ 0: 'End must be after start' });
    expect(weekErrors([w(1, '09:00', '12:00'), w(1, '12:30', '13:00', 'break')])).toEqual({ 1: 'Break must fall inside working hours' });
  });
});

describe('helpers', () => {
  it('formats and totals', () => {
    expect(formatWallTime('09:05')).toBe('9:05 AM');
    expect(formatWallTime('13:30')).toBe('1:30 PM');
    expect(formatWallTime('00:00')).toBe('12:00 AM');
    expect(dayMinutes([w(1, '09:00', '17:00'), w(1, '12:00', '13:00', 'break')], 1)).toBe(420);
  });
});
