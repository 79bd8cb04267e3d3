import { checkBooking } from './availability-engine.js';
import type { LocationPolicy, ResourceCalendar, ServiceDef, StaffCalendar } from './availability-types.js';

/** Classes are planned a term ahead; the online-booking horizon of the location does not apply. */
export const CLASS_HORIZON_DAYS = 730;

/** A class to place at one or more starts (a weekly repeat): its instructor and, if any, its room. */
export interface ClassPlacement {
  name: string;
  instructorId: string;
  roomId: string | null;
  starts: Date[];
  durationMin: number;
  /** The session being moved: its own holds do not count against it. */
  sessionId?: string;
}

/** What the engine needs to judge a class: the location's policy, the instructor's calendar, the room's. */
export interface ClassCalendars {
  policy: LocationPolicy;
  instructor: StaffCalendar;
  room: ResourceCalendar | null;
}

export interface RefusedStart {
  startsAt: string;
  reason: string;
}

/** The class as the engine's one-service visit: its length, no buffers, its instructor only, its room's type. */
export function classDef(p: ClassPlacement, room: ResourceCalendar | null): ServiceDef {
  return {
    id: p.sessionId ?? 'class',
    name: p.name,
    durationMin: p.durationMin,
    bufferBeforeMin: 0,
    bufferAfterMin: 0,
    processing: null,
    roomType: room?.type ?? null,
    deviceTypes: [],
    staffIds: [p.instructorId],
  };
}

/**
 * Every start that is not free, with the engine's first reason: judged like a booking of the
 * instructor on the staff calendar (grid and notice relaxed, the class horizon instead of the
 * online one) and of the room as a whole: a class takes every place of its room, so any hold
 * in it makes it busy.
 */
export function checkClassPlacement(p: ClassPlacement, cal: ClassCalendars, now: Date): RefusedStart[] {
  const room =
    cal.room && p.roomId === cal.room.resourceId
      ? { ...cal.room, capacity: 1, busy: cal.room.busy.map((b) => ({ ...b, count: 1 })) }
      : null;
  const def = classDef(p, room);
  const policy = { ...cal.policy, maxAdvanceDays: CLASS_HORIZON_DAYS };
  const out: RefusedStart[] = [];
  for (const start of p.starts) {
    const check = checkBooking({
      from: start,
      to: new Date(start.getTime() + 1),
      now,
      start,
      services: [def],
      staffChoice: [p.instructorId],
      chosen: [p.instructorId],
      staff: [cal.instructor],
      resources: room ? [room] : [],
      policy,
      relax: { grid: true, notice: true },
      ignoreBusyIds: p.sessionId ? [p.sessionId] : undefined,
    });
    if (!check.ok) out.push({ startsAt: start.toISOString(), reason: check.reasons[0] ?? 'That time is not available' });
  }
  return out;
}
