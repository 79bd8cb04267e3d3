/** What the calendar draws in a staff column besides shading: appointment parts and class sessions. Pure. */
import type { ClassSession } from '../classes/classes-api';
import type { Appointment } from './appointments-api';
import { layoutBlocks, type PlacedBlock } from './layout';
import { LOCATION_TIME_ZONE, zonedDate } from './time-grid';

/** Why a visit of several services cannot be dragged: the server refuses to move or resize one as a whole (409). */
export const MULTI_VISIT_MOVE_TITLE = 'Move a multi-service visit by cancelling and booking it again';

/**
 * One block of an appointment: the whole appointment when it has one service, else one part of the
 * visit, in the column of the staff member who performs it. `id` is unique per block.
 */
export interface AppointmentPart {
  kind: 'appointment';
  id: string;
  appointment: Appointment;
  staffId: string;
  startsAt: string;
  endsAt: string;
  serviceId: string;
  serviceName: string;
  /** The part's own booking snapshot (its processing time), or the appointment's for a single service. */
  service: unknown;
  part: number;
  of: number;
}

export interface ClassItem {
  kind: 'class';
  id: string;
  session: ClassSession;
  staffId: string;
  startsAt: string;
  endsAt: string;
}

export type ColumnItem = AppointmentPart | ClassItem;

interface SegmentSnapshot {
  id?: unknown;
  name?: unknown;
}

export const isMultiService = (a: Pick<Appointment, 'segments'>): boolean => (a.segments?.length ?? 0) > 1;

/** The blocks of one appointment, in visit order. */
export function appointmentParts(a: Appointment): AppointmentPart[] {
  const segments = [...(a.segments ?? [])].sort((x, y) => x.position - y.position);
  if (segments.length <= 1)
    return [
      {
        kind: 'appointment',
        id: a.id,
        appointment: a,
        staffId: a.staffId,
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        serviceId: a.serviceId,
        serviceName: a.serviceName,
        service: a.service,
        part: 1,
        of: 1,
      },
    ];
  // A visit's snapshot keeps each service's own snapshot under `segments`, in visit order.
  const snapshots = (a.service as { segments?: SegmentSnapshot[] } | null | undefined)?.segments ?? [];
  const names = a.serviceName.split(' + ');
  return segments.map((s, i) => {
    const snap = snapshots[i]?.id === s.serviceId ? snapshots[i] : snapshots.find((x) => x?.id === s.serviceId);
    const name = typeof snap?.name === 'string' ? snap.name : names.length === segments.length ? names[i]! : 'Service';
    return {
      kind: 'appointment',
      id: `${a.id}:${s.position}`,
      appointment: a,
      staffId: s.staffId,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      serviceId: s.serviceId,
      serviceName: name,
      service: snap ?? null,
      part: i + 1,
      of: segments.length,
    };
  });
}

export const partsOf = (items: readonly Appointment[]): AppointmentPart[] => items.flatMap(appointmentParts);

/** Class sessions to draw: cancelled ones are not (their time is free again). */
export function classItems(sessions: readonly ClassSession[] | null | undefined): ClassItem[] {
  return (sessions ?? [])
    .filter((s) => s.status !== 'cancelled')
    .map((s) => ({ kind: 'class', id: s.id, session: s, staffId: s.instructorId, startsAt: s.startsAt, endsAt: s.endsAt }));
}

/** "Colour · part 1 of 2", or the service's name alone. */
export const partLabel = (p: Pick<AppointmentPart, 'serviceName' | 'part' | 'of'>): string =>
  p.of > 1 ? `${p.serviceName} · part ${p.part} of ${p.of}` : p.serviceName;

/** "8/10 enrolled · 2 waiting". */
export function classFill(s: Pick<ClassSession, 'capacity' | 'enrolledCount' | 'waitlistedCount'>): {
  seats: string;
  waiting: string | null;
} {
  return { seats: `${s.enrolledCount}/${s.capacity}`, waiting: s.waitlistedCount > 0 ? `${s.waitlistedCount} waiting` : null };
}

/** /classes at the session's week with its detail open. */
export function classHref(s: Pick<ClassSession, 'id' | 'startsAt'>, tz = LOCATION_TIME_ZONE): string {
  return `/classes?${new URLSearchParams({ date: zonedDate(new Date(s.startsAt), tz), session: s.id })}`;
}

/** One staff column's blocks: appointment parts and classes share the lanes (a cancelled appointment may lie under a class). */
export function columnBlocks(
  items: readonly ColumnItem[],
  staffId: string,
  date: string,
  gridStart: number,
  gridEnd: number,
  pxPerMin?: number,
): PlacedBlock<ColumnItem>[] {
  return layoutBlocks(
    items.filter((i) => i.staffId === staffId),
    date,
    gridStart,
    gridEnd,
    pxPerMin,
  );
}
