import { describe, expect, it } from 'vitest';
import { cleanupAfter, dragStart, isDrag, layoutBlocks, processingGap, PX_PER_MIN, reasonAt, resizeEnd, shadeBlocks } from './layout';
import { allowedTransitions, canReschedule, statusColor, statusLabel } from './status';

const at = (h: number, m = 0) => new Date(Date.UTC(2026, 10, 21, h + 6, m)).toISOString(); // Chicago CST

describe('layoutBlocks', () => {
  it('positions by time and splits overlaps into lanes', () => {
    const blocks = layoutBlocks(
      [
        { id: '1', startsAt: at(9), endsAt: at(10) },
        { id: '2', startsAt: at(9, 30), endsAt: at(10, 30) },
        { id: '3', startsAt: at(11), endsAt: at(11, 45) },
      ],
      '2026-11-21',
      480,
      1200,
    );
    const b1 = blocks.find((b) => b.item.id === '1')!;
    const b2 = blocks.find((b) => b.item.id === '2')!;
    const b3 = blocks.find((b) => b.item.id === '3')!;
    expect(b1.top).toBe(60 * PX_PER_MIN);
    expect(b1.height).toBe(60 * PX_PER_MIN);
    expect([b1.lane, b2.lane, b1.lanes, b2.lanes]).toEqual([0, 1, 2, 2]);
    expect([b3.lane, b3.lanes]).toEqual([0, 1]);
  });
  it('drops blocks outside the grid', () => {
    expect(layoutBlocks([{ id: 'x', startsAt: at(5), endsAt: at(6) }], '2026-11-21', 480, 1200)).toHaveLength(0);
  });
});

describe('drag', () => {
  it('snaps to 15 minutes and stays inside the grid', () => {
    expect(dragStart(540, 60, 20 * PX_PER_MIN, 480, 1200)).toBe(555);
    expect(dragStart(540, 60, 5 * PX_PER_MIN, 480, 1200)).toBe(540);
    expect(dragStart(540, 60, -500 * PX_PER_MIN, 480, 1200)).toBe(480);
    expect(dragStart(540, 60, 900 * PX_PER_MIN, 480, 1200)).toBe(1140);
    expect(isDrag(2, 3)).toBe(false);
    expect(isDrag(0, 10)).toBe(true);
  });
  it('reads the processing gap', () => {
    expect(processingGap({ processing: { startAfterMin: 30, durationMin: 45 } }, 120)).toEqual({ offsetMin: 30, lengthMin: 45 });
    expect(processingGap({ processing: null }, 60)).toBeNull();
    expect(processingGap(null, 60)).toBeNull();
  });
});

describe('status', () => {
  it('knows transitions, reschedulability and colours', () => {
    expect(allowedTransitions('booked')).toEqual(['confirmed', 'checked-in', 'cancelled', 'no-show']);
    expect(allowedTransitions('completed')).toEqual([]);
    expect(allowedTransitions('weird')).toEqual([]);
    expect(canReschedule('confirmed')).toBe(true);
    expect(canReschedule('checked-in')).toBe(false);
    expect(statusLabel('in-service')).toBe('In service');
    expect(statusColor('cancelled').text).toBe('light-dark(#4b5563, #d1d5db)');
  });
});

describe('shading and resize', () => {
  const lunch = { startsAt: at(12, 30), endsAt: at(13), reason: 'Dana Lee is on break (Lunch)' };
  const evening = { startsAt: at(18), endsAt: new Date(Date.UTC(2026, 10, 22, 6)).toISOString(), reason: 'Dana Lee finishes at 6 PM' };
  it.each([
    { name: 'a break inside the grid', spans: [lunch], expected: [[750, 780, 'Dana Lee is on break (Lunch)']] },
    { name: 'a stretch past the grid is clipped', spans: [evening], expected: [[1080, 1200, 'Dana Lee finishes at 6 PM']] },
    { name: 'a stretch of another day is dropped', spans: [{ ...lunch, startsAt: at(-20), endsAt: at(-19) }], expected: [] },
  ])('shadeBlocks: $name', ({ spans, expected }) => {
    const blocks = shadeBlocks(spans, '2026-11-21', 480, 1200);
    expect(blocks.map((b) => [b.startMin, b.endMin, b.reason])).toEqual(expected);
    for (const b of blocks) expect(b.top).toBe((b.startMin - 480) * PX_PER_MIN);
  });
  it('reasonAt names the stretch a slot starts in', () => {
    expect(reasonAt([lunch, evening], '2026-11-21', 750)).toBe('Dana Lee is on break (Lunch)');
    expect(reasonAt([lunch, evening], '2026-11-21', 765)).toBe('Dana Lee is on break (Lunch)');
    expect(reasonAt([lunch, evening], '2026-11-21', 780)).toBeNull();
    expect(reasonAt([lunch, evening], '2026-11-21', 1185)).toBe('Dana Lee finishes at 6 PM');
  });
  it.each([
    { deltaPx: 18 * 2, expected: 690 },
    { deltaPx: 7, expected: 660 },
    { deltaPx: -18 * 10, expected: 615 },
    { deltaPx: 18 * 100, expected: 1200 },
  ])('resizeEnd by $deltaPx px → $expected', ({ deltaPx, expected }) => {
    expect(resizeEnd(600, 660, deltaPx, 1200)).toBe(expected);
  });
});

describe('cleanupAfter', () => {
  it('is the snapshot’s cleanup in minutes, and nothing for a missing or nonsense value', () => {
    expect(cleanupAfter({ bufferAfterMin: 15 })).toBe(15);
    expect(cleanupAfter({ bufferAfterMin: 0 })).toBe(0);
    expect(cleanupAfter({})).toBe(0);
    expect(cleanupAfter(null)).toBe(0);
    expect(cleanupAfter({ bufferAfterMin: '15' })).toBe(0);
    expect(cleanupAfter({ bufferAfterMin: 1e9 })).toBe(0);
  });
});
