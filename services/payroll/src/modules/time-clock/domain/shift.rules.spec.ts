import { describe, expect, it } from 'vitest';
import { breakMinutes, clockActionProblem, editProblem, isForgotten, workDate, workedMinutes } from './shift.rules.js';

const at = (t: string) => new Date(`2026-11-23T${t}:00Z`);

describe('shift arithmetic', () => {
  const shift = { clockInAt: at('15:00'), clockOutAt: at('23:30'), breaks: [{ startedAt: at('19:00'), endedAt: at('19:30') }] };

  it('worked minutes are clock-in to clock-out less breaks', () => {
    expect(breakMinutes(shift, at('23:59'))).toBe(30);
    expect(workedMinutes(shift, at('23:59'))).toBe(8 * 60);
  });

  it('an open shift and an open break count up to now', () => {
    const open = { clockInAt: at('15:00'), clockOutAt: null, breaks: [{ startedAt: at('16:00'), endedAt: null }] };
    expect(breakMinutes(open, at('16:20'))).toBe(20);
    expect(workedMinutes(open, at('16:20'))).toBe(60);
  });

  it("counts a shift on its start's local day", () => {
    expect(workDate(new Date('2026-11-24T03:00:00Z'), 'America/Chicago')).toBe('2026-11-23');
    expect(workDate(new Date('2026-11-24T03:00:00Z'), 'Europe/Berlin')).toBe('2026-11-24');
  });

  it('flags a shift open past the limit as forgotten, never a closed one', () => {
    expect(isForgotten({ clockInAt: at('00:00'), clockOutAt: null }, new Date('2026-11-23T14:01:00Z'), 14)).toBe(true);
    expect(isForgotten({ clockInAt: at('00:00'), clockOutAt: null }, new Date('2026-11-23T13:59:00Z'), 14)).toBe(false);
    expect(isForgotten({ clockInAt: at('00:00'), clockOutAt: at('20:00') }, new Date('2026-11-25T00:00:00Z'), 14)).toBe(false);
  });
});

describe('clock actions', () => {
  it.each([
    ['out', 'clock_in', null],
    ['in', 'clock_in', 'is already clocked in; clock out first'],
    ['in', 'break_start', null],
    ['on_break', 'break_start', 'is already on a break'],
    ['on_break', 'break_end', null],
    ['in', 'break_end', 'is not on a break'],
    ['on_break', 'clock_out', null],
    ['out', 'clock_out', 'is not clocked in'],
  ] as const)('%s → %s', (state, action, problem) => {
    expect(clockActionProblem(state, action)).toBe(problem);
  });
});

describe("a manager's edit", () => {
  it.each([
    [{ clockInAt: at('15:00'), clockOutAt: at('14:00'), breakMinutes: 0 }, 'clockOutAt'],
    [{ clockInAt: at('00:00'), clockOutAt: new Date('2026-11-24T01:00:00Z'), breakMinutes: 0 }, 'clockOutAt'],
    [{ clockInAt: at('15:00'), clockOutAt: at('16:00'), breakMinutes: 60 }, 'breakMinutes'],
  ])('refuses an impossible shift (%#)', (edit, field) => {
    expect(editProblem(edit)?.field).toBe(field);
  });
  it('accepts a real one', () => {
    expect(editProblem({ clockInAt: at('15:00'), clockOutAt: at('23:00'), breakMinutes: 30 })).toBeNull();
  });
});
