import { describe, expect, it } from 'vitest';
import type { Slot } from '../../availability/domain/availability-types.js';
import { classHolds, refusedNeed, slotHolds, type HoldNeed } from './hold-plan.js';

const t = (h: number, m = 0) => new Date(Date.UTC(2030, 2, 12, h, m));

describe('slotHolds', () => {
  const slot: Slot = {
    start: t(14),
    end: t(15),
    segments: [
      {
        serviceId: 's1',
        staffId: 'dana',
        start: t(14),
        end: t(15),
        resourceIds: ['room-1'],
        resourceBusy: { start: t(14), end: t(15, 15) },
        staffBusy: [
          { start: t(14), end: t(14, 30) },
          { start: t(14, 45), end: t(15, 15) },
        ],
      },
    ],
  };
  const rooms = [
    { resourceId: 'room-1', kind: 'room' as const, type: 'treatment', name: 'Room 1', capacity: 2 },
    { resourceId: 'room-2', kind: 'room' as const, type: 'treatment', name: 'Room 2', capacity: 1 },
    { resourceId: 'studio', kind: 'room' as const, type: 'studio', name: 'Studio', capacity: 1 },
  ];

  it('holds every busy part of the staff member, then the room: its places first, then a room of the same type', () => {
    const needs = slotHolds(slot, [{ staffId: 'dana', name: 'Dana Lee' }], rooms);
    expect(needs).toHaveLength(3);
    expect(needs[0]).toEqual({
      candidates: [{ kind: 'staff', resourceId: 'dana', place: 1, from: t(14), to: t(14, 30) }],
      refusal: { kind: 'staff', id: 'dana', name: 'Dana Lee', at: t(14) },
    });
    expect(needs[1].candidates[0]).toMatchObject({ from: t(14, 45), to: t(15, 15) });
    expect(needs[2].candidates.map((c) => `${c.resourceId}#${c.place}`)).toEqual(['room-1#1', 'room-1#2', 'room-2#1']);
    expect(needs[2].candidates[0]).toMatchObject({ from: t(14), to: t(15, 15) });
    expect(needs[2].refusal).toEqual({ kind: 'room', id: 'room-1', name: 'Room 1', at: t(14) });
  });

  it('names an unknown staff member generically and skips a resource it does not know', () => {
    const needs = slotHolds({ ...slot, segments: [{ ...slot.segments[0], resourceIds: ['gone'] }] }, [], rooms);
    expect(needs).toHaveLength(2);
    expect(needs[0].refusal.name).toBe('The staff member');
  });
});

describe('classHolds', () => {
  it('holds the instructor and every place of the room', () => {
    const needs = classHolds({
      instructor: { id: 'jo', name: 'Jordan Patel' },
      room: { id: 'studio', name: 'Studio', capacity: 2 },
      from: t(17),
      to: t(18),
    });
    expect(needs.map((n) => n.candidates.map((c) => `${c.kind}:${c.resourceId}#${c.place}`))).toEqual([
      ['staff:jo#1'],
      ['room:studio#1'],
      ['room:studio#2'],
    ]);
    expect(needs[2].refusal).toEqual({ kind: 'room', id: 'studio', name: 'Studio', at: t(17) });
  });
  it('without a room holds the instructor alone', () => {
    expect(classHolds({ instructor: { id: 'jo', name: 'Jo' }, room: null, from: t(17), to: t(18) })).toHaveLength(1);
  });
});

describe('refusedNeed', () => {
  const need = (kind: 'staff' | 'room', resourceId: string, place = 1): HoldNeed => ({
    candidates: [{ kind, resourceId, place, from: t(14), to: t(15) }],
    refusal: { kind, id: resourceId, name: resourceId, at: t(14) },
  });
  const staff = need('staff', '5a000000-0000-4000-8000-000000000001');
  const room = need('room', '5a000000-0000-4000-8000-000000000009');
  const detail = (kind: string, id: string, place: number, other: string) =>
    `Key (resource_kind, resource_id, slot, period)=(${kind}, ${id}, ${place}, ["2030-03-12 14:00:00+00","2030-03-12 15:00:00+00")) ` +
    `conflicts with existing key (resource_kind, resource_id, slot, period)=(${kind}, ${other}, ${place}, ["2030-03-12 14:00:00+00","2030-03-12 14:30:00+00")).`;

  it('names the need whose hold the new row was, not the existing row', () => {
    expect(refusedNeed([staff, room], detail('room', room.refusal.id, 1, room.refusal.id))).toBe(room);
    expect(refusedNeed([staff, room], detail('staff', staff.refusal.id, 1, staff.refusal.id))).toBe(staff);
  });

  it('cannot tell from another place of the resource, or from no detail', () => {
    expect(refusedNeed([staff, room], detail('room', room.refusal.id, 2, room.refusal.id))).toBeUndefined();
    expect(refusedNeed([staff, room], '')).toBeUndefined();
  });
});
