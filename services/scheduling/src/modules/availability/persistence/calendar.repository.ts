import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ResourceView } from '../../catalogue/persistence/catalogue.repository.js';
import {
  toExceptionRow,
  toPolicyRow,
  toTimeOffRow,
  toWorkingHoursRow,
  type ExceptionRow,
  type PolicyRow,
  type TimeOffRow,
  type WorkingHoursRow,
} from '../../schedules/persistence/schedule.repository.js';

export interface AllocationRow {
  /**
   * The holder: the appointment, or for a class hold the class session, so the engine treats
   * both as busy and a move can ignore the holder's own rows (`ignoreBusyIds`).
   */
  appointmentId: string;
  /** What holds it: an appointment, or a class session (then `label` is the class's name). */
  holder: 'appointment' | 'class';
  label: string | null;
  resourceKind: 'staff' | 'room' | 'device';
  resourceId: string;
  start: Date;
  end: Date;
}

/** What a booking check or a slot search needs from the database, for one service in one window. */
export interface BookingWindowRows {
  /** The service's staff, or everyone with working hours at the location. */
  staffIds: string[];
  hours: WorkingHoursRow[];
  /** Weekdays these people work at other locations. */
  elsewhere: { staffId: string; locationId: string; weekday: number }[];
  exceptions: ExceptionRow[];
  timeOff: TimeOffRow[];
  /** The location's active rooms of the service's room type, then its devices of the service's device types. */
  resources: ResourceView[];
  /** Active holds on those people and resources around the window. */
  busy: AllocationRow[];
  /** Active appointments per person around the window ("any staff" fairness). */
  counts: Record<string, number>;
  /** The location's policy row (null: none saved), in the same statement. */
  policy: PolicyRow | null;
}

const toAllocationRow = (r: any): AllocationRow => ({
  appointmentId: r.appointment_id ?? r.class_session_id,
  holder: r.class_session_id ? 'class' : 'appointment',
  label: r.class_name ?? null,
  resourceKind: r.resource_kind,
  resourceId: r.resource_id,
  start: new Date(r.s),
  end: new Date(r.e),
});

@Injectable()
export class CalendarRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Active holds overlapping the window (the exclusion constraint's gist index serves this). */
  async activeAllocations(kind: 'staff' | 'room' | 'device', ids: string[], from: Date, to: Date): Promise<AllocationRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.query(
      `SELECT al.appointment_id, al.class_session_id, cs.name AS class_name, al.resource_kind, al.resource_id, lower(al.period) AS s, upper(al.period) AS e
         FROM allocations al LEFT JOIN class_sessions cs ON cs.id = al.class_session_id
        WHERE al.active AND al.resource_kind = $1 AND al.resource_id = ANY($2::uuid[]) AND al.period && tstzrange($3, $4)`,
      [kind, ids, from.toISOString(), to.toISOString()],
    );
    return rows.map(toAllocationRow);
  }

  /**
   * The booking window in ONE statement: under 16 callers at once the eleven small reads this
   * replaces queued for the pool's ten connections (each waited ~20 ms for a ~1 ms query).
   * Every part keeps the predicates of the single-purpose reads above and in ScheduleRepository;
   * exceptions are read for the UTC dates around the window, a superset of its local dates
   * (the engine looks them up by date).
   */
  async bookingWindow(input: {
    locationId: string;
    /** null: everyone with working hours at the location. */
    staffIds: string[] | null;
    roomType: string | null;
    deviceTypes: readonly string[];
    from: Date;
    to: Date;
  }): Promise<BookingWindowRows> {
    const day = 86_400_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const [row] = await this.dataSource.query(
      `WITH staff AS (
         SELECT coalesce($2::uuid[], ARRAY(SELECT DISTINCT staff_id FROM working_hours WHERE location_id = $1 AND kind = 'work' ORDER BY staff_id)) AS ids
       ), staff_list AS (
         SELECT unnest(ids) AS id FROM staff
       ), needed AS (
         SELECT 'room'::text AS kind, id, location_id, name, type, capacity, active, 0 AS o FROM rooms WHERE location_id = $1 AND active AND type = $3
         UNION ALL
         SELECT 'device', id, location_id, name, type, capacity, active, 1 FROM devices WHERE location_id = $1 AND active AND type = ANY($4::text[])
       )
       SELECT (SELECT ids FROM staff) AS staff_ids,
         (SELECT coalesce(json_agg(n ORDER BY n.o, n.name), '[]') FROM needed n) AS resources,
         (SELECT coalesce(json_agg(w ORDER BY w.staff_id, w.weekday, w.start_time), '[]') FROM working_hours w
           WHERE w.location_id = $1 AND w.staff_id IN (SELECT id FROM staff_list)) AS hours,
         (SELECT coalesce(json_agg(x ORDER BY x.staff_id, x.weekday, x.location_id), '[]') FROM (
            SELECT DISTINCT staff_id, location_id, weekday FROM working_hours
             WHERE location_id <> $1 AND staff_id IN (SELECT id FROM staff_list) AND kind = 'work') x) AS elsewhere,
         (SELECT coalesce(json_agg(x ORDER BY x.date), '[]') FROM (
            SELECT staff_id, location_id, to_char(date, 'YYYY-MM-DD') AS date, hours, label FROM schedule_exceptions
             WHERE location_id = $1 AND date BETWEEN $5::date AND $6::date AND staff_id IN (SELECT id FROM staff_list)) x) AS exceptions,
         (SELECT coalesce(json_agg(x ORDER BY x.s), '[]') FROM (
            SELECT id, staff_id, location_id, lower(period) AS s, upper(period) AS e, label, kind FROM time_off
             WHERE period && tstzrange($7, $8) AND staff_id IN (SELECT id FROM staff_list) AND (location_id IS NULL OR location_id = $1)) x) AS time_off,
         (SELECT coalesce(json_agg(x), '[]') FROM (
            SELECT al.appointment_id, al.class_session_id, cs.name AS class_name, al.resource_kind, al.resource_id, lower(al.period) AS s, upper(al.period) AS e
              FROM allocations al LEFT JOIN class_sessions cs ON cs.id = al.class_session_id
             WHERE al.active AND al.period && tstzrange($9, $10) AND (
               (al.resource_kind = 'staff' AND al.resource_id IN (SELECT id FROM staff_list))
               OR (al.resource_kind IN ('room', 'device') AND al.resource_id IN (SELECT id FROM needed)))) x) AS busy,
         (SELECT coalesce(json_object_agg(x.staff_id, x.n), '{}') FROM (
            SELECT sg.staff_id, count(*)::int AS n FROM appointment_segments sg JOIN appointments a ON a.id = sg.appointment_id
             WHERE sg.staff_id IN (SELECT id FROM staff_list) AND a.status NOT IN ('cancelled', 'no-show')
               AND sg.starts_at >= $11 AND sg.starts_at < $12 GROUP BY sg.staff_id) x) AS counts,
         (SELECT to_json(p) FROM location_policies p WHERE p.location_id = $1) AS policy`,
      [
        input.locationId,
        input.staffIds,
        input.roomType,
        [...input.deviceTypes],
        iso(input.from.getTime() - 2 * day).slice(0, 10),
        iso(input.to.getTime() + 2 * day).slice(0, 10),
        input.from.toISOString(),
        input.to.toISOString(),
        iso(input.from.getTime() - day),
        iso(input.to.getTime() + day),
        iso(input.from.getTime() - 7 * day),
        iso(input.to.getTime() + 7 * day),
      ],
    );
    return {
      staffIds: row.staff_ids ?? [],
      hours: row.hours.map(toWorkingHoursRow),
      elsewhere: row.elsewhere.map((r: any) => ({ staffId: r.staff_id, locationId: r.location_id, weekday: r.weekday })),
      exceptions: row.exceptions.map(toExceptionRow),
      timeOff: row.time_off.map(toTimeOffRow),
      resources: row.resources.map((r: any) => ({
        id: r.id,
        kind: r.kind,
        locationId: r.location_id,
        name: r.name,
        type: r.type,
        capacity: r.capacity,
        active: r.active,
      })),
      busy: row.busy.map(toAllocationRow),
      counts: row.counts,
      policy: row.policy ? toPolicyRow(row.policy) : null,
    };
  }

  /** Staff who work at the location (have working hours there). */
  async staffAt(locationId: string): Promise<string[]> {
    const rows = await this.dataSource.query(`SELECT DISTINCT staff_id FROM working_hours WHERE location_id = $1 AND kind = 'work'`, [
      locationId,
    ]);
    return rows.map((r: any) => r.staff_id);
  }
}
