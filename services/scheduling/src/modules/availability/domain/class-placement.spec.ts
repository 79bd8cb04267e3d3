import { describe, expect, it } from 'vitest';
import { checkClassPlacement, classDef } from './class-placement.js';
import { appt, at, policy, room, staff } from './test/fixtures.js';

const now = at('2026-03-09 08:00');
const cal = (over: { busy?: ReturnType<typeof appt>[]; roomBusy?: { start: Date; end: Date; label: string; id?: string }[] } = {}) => ({
  policy: policy({ maxAdvanceDays: 7 }),
  instructor: staff('dana', 'Dana Lee', { busy: over.busy ?? [] }),
  room: room('studio', 'Studio', 'studio', { capacity: 3, busy: over.roomBusy ?? [] }),
});
const yoga = (starts: string[], over = {}) => ({
  name: 'Yoga',
  instructorId: 'dana',
  roomId: 'studio',
  starts: starts.map(at),
  durationMin: 45,
  ...over,
});

describe('checkClassPlacement', () => {
  it('accepts a free time off the slot grid and past the online horizon', () => {
    expect(checkClassPlacement(yoga(['2026-03-10 10:05', '2026-03-31 10:05']), cal(), now)).toEqual([]);
  });
  it("refuses each date the instructor is busy, with the engine's reason", () => {
    const refused = checkClassPlacement(
      yoga(['2026-03-10 10:00', '2026-03-17 10:00']),
      cal({ busy: [appt('2026-03-17 09:30', '2026-03-17 10:30')] }),
      now,
    );
    expect(refused).toEqual([{ startsAt: at('2026-03-17 10:00').toISOString(), reason: expect.stringMatching(/^Dana Lee/) }]);
  });
  it('takes the whole room: one place held by someone else makes it busy', () => {
    const refused = checkClassPlacement(
      yoga(['2026-03-10 10:00']),
      cal({ roomBusy: [{ start: at('2026-03-10 09:30'), end: at('2026-03-10 10:15'), label: 'Booked' }] }),
      now,
    );
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toMatch(/Studio/);
  });
  it('ignores the holds of the session being moved', () => {
    const mine = { start: at('2026-03-10 10:00'), end: at('2026-03-10 10:45'), label: 'Class', kind: 'class' as const, id: 's1' };
    expect(
      checkClassPlacement(
        yoga(['2026-03-10 10:15'], { sessionId: 's1' }),
        { ...cal(), instructor: staff('dana', 'Dana Lee', { busy: [mine] }) },
        now,
      ),
    ).toEqual([]);
  });
  it('describes the class to the engine as one service of its instructor and room type', () => {
    expect(classDef(yoga([]), cal().room)).toMatchObject({
      id: 'class',
      durationMin: 45,
      staffIds: ['dana'],
      roomType: 'studio',
      bufferBeforeMin: 0,
      bufferAfterMin: 0,
    });
  });
});
