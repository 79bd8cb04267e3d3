import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

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
    return rows.map((r: any) => ({
      appointmentId: r.appointment_id ?? r.class_session_id,
      holder: r.class_session_id ? 'class' : 'appointment',
      label: r.class_name ?? null,
      resourceKind: r.resource_kind,
      resourceId: r.resource_id,
      start: new Date(r.s),
      end: new Date(r.e),
    }));
  }

  /** Staff who work at the location (have working hours there). */
  async staffAt(locationId: string): Promise<string[]> {
    const rows = await this.dataSource.query(`SELECT DISTINCT staff_id FROM working_hours WHERE location_id = $1 AND kind = 'work'`, [
      locationId,
    ]);
    return rows.map((r: any) => r.staff_id);
  }

  /** Active appointments per staff member in the window: spreads "any staff" bookings. */
  async bookingCounts(staffIds: string[], from: Date, to: Date): Promise<Record<string, number>> {
    if (staffIds.length === 0) return {};
    const rows = await this.dataSource.query(
      `SELECT staff_id, count(*)::int AS n FROM appointment_segments sg JOIN appointments a ON a.id = sg.appointment_id
        WHERE sg.staff_id = ANY($1::uuid[]) AND a.status NOT IN ('cancelled', 'no-show') AND sg.starts_at >= $2 AND sg.starts_at < $3 GROUP BY staff_id`,
      [staffIds, from.toISOString(), to.toISOString()],
    );
    return Object.fromEntries(rows.map((r: any) => [r.staff_id, r.n]));
  }
}
