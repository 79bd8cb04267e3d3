import { describe, expect, it } from 'vitest';
import { blockInterval } from './block-time';

describe('blockInterval', () => {
  it('is the local times of the day in UTC', () => {
    expect(blockInterval('2026-11-24', '14:00', '15:30')).toEqual({
      ok: true,
      startsAt: '2026-11-24T20:00:00.000Z',
      endsAt: '2026-11-24T21:30:00.000Z',
    });
  });
  it('names the field that is wrong', () => {
    expect(blockInterval('2026-11-24', '15:00', '14:00')).toMatchObject({ ok: false, field: 'until' });
    expect(blockInterval('2026-11-24', '', '14:00')).toMatchObject({ ok: false, field: 'from' });
  });
});
