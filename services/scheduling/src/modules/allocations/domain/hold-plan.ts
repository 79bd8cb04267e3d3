import type { Slot } from '../../availability/domain/availability-types.js';
import type { TakenResource } from './booking-conflict.js';

export type HoldKind = 'staff' | 'room' | 'device';

/** Who a hold belongs to: an appointment or a class session (exactly one, as the table checks). */
export type HoldOwner = { appointmentId: string } | { classSessionId: string };

/** One row of `allocations`: a resource (one place of it) held for [from, to). */
export interface HoldRow {
  kind: HoldKind;
  resourceId: string;
  /** 1..capacity: the place of a room or device that several people can use at once. */
  place: number;
  from: Date;
  to: Date;
}

/** One hold to take: the first candidate the database accepts wins; when none is free, `refusal` is what was taken. */
export interface HoldNeed {
  candidates: HoldRow[];
  refusal: TakenResource;
}

export interface HoldableResource {
  resourceId: string;
  kind: 'room' | 'device';
  type: string;
  name: string;
  capacity: number;
}

/**
 * The holds of a booked slot: each segment's staff busy parts, then each room or device. A
 * capacity resource gets the first free place (1..capacity); when the engine's pick is full,
 * another resource of the same type is tried (first free place of each, in order).
 */
export function slotHolds(
  slot: Slot,
  staff: readonly { staffId: string; name: string }[],
  resources: readonly HoldableResource[],
): HoldNeed[] {
  const needs: HoldNeed[] = [];
  for (const seg of slot.segments) {
    const name = staff.find((s) => s.staffId === seg.staffId)?.name ?? 'The staff member';
    for (const busy of seg.staffBusy) {
      needs.push({
        candidates: [{ kind: 'staff', resourceId: seg.staffId, place: 1, from: busy.start, to: busy.end }],
        refusal: { kind: 'staff', id: seg.staffId, name, at: seg.start },
      });
    }
    for (const resourceId of seg.resourceIds) {
      const picked = resources.find((r) => r.resourceId === resourceId);
      if (!picked) continue;
      const alike = [
        picked,
        ...resources.filter((r) => r.kind === picked.kind && r.type === picked.type && r.resourceId !== picked.resourceId),
      ];
      const { start: from, end: to } = seg.resourceBusy;
      needs.push({
        candidates: alike.flatMap((r) => places(r.capacity).map((place) => ({ kind: r.kind, resourceId: r.resourceId, place, from, to }))),
        refusal: { kind: picked.kind, id: picked.resourceId, name: picked.name, at: seg.start },
      });
    }
  }
  return needs;
}

/**
 * Which need's first candidate the `no_double_booking` constraint refused, from PostgreSQL's detail
 * of the violation, which names the new row's key first: "Key (resource_kind, resource_id, slot,
 * period)=(staff, <id>, 1, [...)) conflicts with existing key (...)". Undefined when it cannot tell.
 */
export function refusedNeed(needs: readonly HoldNeed[], detail: string): HoldNeed | undefined {
  const key = detail.split(' conflicts with ')[0] ?? '';
  const found = needs.filter((n) => {
    const c = n.candidates[0];
    return c !== undefined && key.includes(`(${c.kind}, ${c.resourceId}, ${c.place}, `);
  });
  return found.length === 1 ? found[0] : undefined;
}

/** A class: its instructor, and every place of its room (nobody else can use a room while a class is in it). */
export function classHolds(c: {
  instructor: { id: string; name: string };
  room: { id: string; name: string; capacity: number } | null;
  from: Date;
  to: Date;
}): HoldNeed[] {
  const { from, to } = c;
  const needs: HoldNeed[] = [
    {
      candidates: [{ kind: 'staff', resourceId: c.instructor.id, place: 1, from, to }],
      refusal: { kind: 'staff', id: c.instructor.id, name: c.instructor.name, at: from },
    },
  ];
  const room = c.room;
  if (room) {
    for (const place of places(room.capacity)) {
      needs.push({
        candidates: [{ kind: 'room', resourceId: room.id, place, from, to }],
        refusal: { kind: 'room', id: room.id, name: room.name, at: from },
      });
    }
  }
  return needs;
}

function places(capacity: number): number[] {
  return Array.from({ length: Math.max(capacity, 0) }, (_, i) => i + 1);
}
