import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  ExceptionInput,
  ExceptionRow,
  PolicyInput,
  PolicyRow,
  TimeOffInput,
  TimeOffRow,
  WorkingHoursInput,
  WorkingHoursRow,
} from '@salon/contracts';

export type { ExceptionRow, PolicyRow, TimeOffRow, WorkingHoursRow };

const hhmm = (t: string) => t.slice(0, 5);

/** Row mappers, shared with the booking window's one-statement load (calendar.repository.ts). */
/** A location_policies row (as selected, or as `to_json` of it) → PolicyRow. */
export function toPolicyRow(r: Record<string, any>): PolicyRow {
  return {
    locationId: r.location_id,
    timeZone: r.time_zone,
    slotIntervalMin: r.slot_interval_min,
    minNoticeMin: r.min_notice_min,
    maxAdvanceDays: r.max_advance_days,
    lateCancelHours: r.late_cancel_hours,
    openingHours: r.opening_hours,
    noShowFeeMinor: r.no_show_fee_minor,
    lateCancelFeeMinor: r.late_cancel_fee_minor,
    requireCardOnline: r.require_card_online,
  };
}

export const toWorkingHoursRow = (r: any): WorkingHoursRow => ({
  staffId: r.staff_id,
  locationId: r.location_id,
  weekday: r.weekday,
  start: hhmm(r.start_time),
  end: r.end_time === '24:00:00' ? '24:00' : hhmm(r.end_time),
  kind: r.kind,
  label: r.label,
});
export const toExceptionRow = (r: any): ExceptionRow => ({
  staffId: r.staff_id,
  locationId: r.location_id,
  date: r.date,
  hours: r.hours,
  label: r.label,
});
export const toTimeOffRow = (r: any): TimeOffRow => ({
  id: r.id,
  staffId: r.staff_id,
  locationId: r.location_id,
  startsAt: new Date(r.s).toISOString(),
  endsAt: new Date(r.e).toISOString(),
  label: r.label,
  kind: r.kind,
});

@Injectable()
export class ScheduleRepository {
  constructor(private readonly dataSource: DataSource) {}

  async workingHours(locationId: string, staffIds?: string[]): Promise<WorkingHoursRow[]> {
    const rows = await this.dataSource.query(
      `SELECT * FROM working_hours WHERE location_id = $1 AND ($2::uuid[] IS NULL OR staff_id = ANY($2)) ORDER BY staff_id, weekday, start_time`,
      [locationId, staffIds ?? null],
    );
    return rows.map(toWorkingHoursRow);
  }

  /** The whole week replaces the person's hours at the location, in the caller's transaction. */
  async replaceWorkingHours(m: EntityManager, input: WorkingHoursInput): Promise<void> {
    await m.query(`DELETE FROM working_hours WHERE staff_id = $1 AND location_id = $2`, [input.staffId, input.locationId]);
    for (const i of input.intervals) {
      await m.query(
        `INSERT INTO working_hours (staff_id, location_id, weekday, start_time, end_time, kind, label) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
        [input.staffId, input.locationId, i.weekday, i.start, i.end, i.kind, i.label ?? null],
      );
    }
  }

  /** The weekdays each of these people works at another location than this one. */
  async workWeekdaysElsewhere(locationId: string, staffIds: string[]): Promise<{ staffId: string; locationId: string; weekday: number }[]> {
    const rows = await this.dataSource.query(
      `SELECT DISTINCT staff_id, location_id, weekday FROM working_hours
        WHERE location_id <> $1 AND staff_id = ANY($2) AND kind = 'work' ORDER BY staff_id, weekday, location_id`,
      [locationId, staffIds],
    );
    return rows.map((r: any) => ({ staffId: r.staff_id, locationId: r.location_id, weekday: r.weekday }));
  }

  async exceptions(locationId: string, from: string, to: string, staffIds?: string[]): Promise<ExceptionRow[]> {
    const rows = await this.dataSource.query(
      `SELECT staff_id, location_id, to_char(date, 'YYYY-MM-DD') AS date, hours, label FROM schedule_exceptions
        WHERE location_id = $1 AND date BETWEEN $2::date AND $3::date AND ($4::uuid[] IS NULL OR staff_id = ANY($4)) ORDER BY date`,
      [locationId, from, to, staffIds ?? null],
    );
    return rows.map(toExceptionRow);
  }

  async upsertException(e: ExceptionInput): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO schedule_exceptions (staff_id, location_id, date, hours, label) VALUES ($1,$2,$3,$4,$5)
       ON CONFLICT (staff_id, location_id, date) DO UPDATE SET hours = EXCLUDED.hours, label = EXCLUDED.label`,
      [e.staffId, e.locationId, e.date, JSON.stringify(e.hours), e.label ?? null],
    );
  }

  async timeOff(from: Date, to: Date, staffIds?: string[], locationId?: string): Promise<TimeOffRow[]> {
    const rows = await this.dataSource.query(
      `SELECT id, staff_id, location_id, lower(period) AS s, upper(period) AS e, label, kind FROM time_off
        WHERE period && tstzrange($1, $2) AND ($3::uuid[] IS NULL OR staff_id = ANY($3)) AND ($4::uuid IS NULL OR location_id IS NULL OR location_id = $4)
        ORDER BY lower(period)`,
      [from.toISOString(), to.toISOString(), staffIds ?? null, locationId ?? null],
    );
    return rows.map(toTimeOffRow);
  }

  async addTimeOff(t: TimeOffInput, createdBy: string | null): Promise<string> {
    const [row] = await this.dataSource.query(
      `INSERT INTO time_off (staff_id, location_id, period, label, kind, created_by) VALUES ($1, $2, tstzrange($3, $4), $5, $6, $7) RETURNING id`,
      [t.staffId, t.locationId ?? null, t.startsAt, t.endsAt, t.label ?? null, t.kind, createdBy],
    );
    return row.id;
  }

  async deleteTimeOff(id: string): Promise<boolean> {
    const [, count] = await this.dataSource.query(`DELETE FROM time_off WHERE id = $1`, [id]);
    return count > 0;
  }

  async policy(locationId: string): Promise<PolicyRow | null> {
    const [r] = await this.dataSource.query(`SELECT * FROM location_policies WHERE location_id = $1`, [locationId]);
    return r ? toPolicyRow(r) : null;
  }

  async savePolicy(locationId: string, p: PolicyInput): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO location_policies (location_id, time_zone, slot_interval_min, min_notice_min, max_advance_days, late_cancel_hours, opening_hours,
         no_show_fee_minor, late_cancel_fee_minor, require_card_online)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)
       ON CONFLICT (location_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, slot_interval_min = EXCLUDED.slot_interval_min, min_notice_min = EXCLUDED.min_notice_min,
         max_advance_days = EXCLUDED.max_advance_days, late_cancel_hours = EXCLUDED.late_cancel_hours, opening_hours = EXCLUDED.opening_hours,
         no_show_fee_minor = EXCLUDED.no_show_fee_minor, late_cancel_fee_minor = EXCLUDED.late_cancel_fee_minor,
         require_card_online = EXCLUDED.require_card_online, updated_at = now()`,
      [
        locationId,
        p.timeZone,
        p.slotIntervalMin,
        p.minNoticeMin,
        p.maxAdvanceDays,
        p.lateCancelHours,
        p.openingHours ? JSON.stringify(p.openingHours) : null,
        p.noShowFeeMinor ?? null,
        p.lateCancelFeeMinor ?? null,
        p.requireCardOnline,
      ],
    );
  }
}
