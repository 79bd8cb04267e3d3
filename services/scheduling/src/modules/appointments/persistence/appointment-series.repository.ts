import { Injectable } from '@nestjs/common';
import type { SeriesView } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AppointmentStatus } from '../domain/appointment-status.js';

export type { SeriesView };

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

function toView(r: any): SeriesView {
  return {
    id: r.id,
    locationId: r.location_id,
    clientId: r.client_id,
    everyWeeks: r.every_weeks,
    until: iso(r.until_at),
    count: r.occurrence_count,
    firstStartsAt: iso(r.first_starts_at)!,
    timeZone: r.time_zone,
    services: r.services,
    cancelledFrom: iso(r.cancelled_from),
    createdAt: iso(r.created_at)!,
  };
}

@Injectable()
export class AppointmentSeriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    m: EntityManager,
    s: {
      locationId: string;
      clientId: string;
      everyWeeks: number;
      until: Date | null;
      count: number | null;
      firstStartsAt: Date;
      timeZone: string;
      services: SeriesView['services'];
      createdBy: string | null;
    },
  ): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO appointment_series (location_id, client_id, every_weeks, until_at, occurrence_count, first_starts_at, time_zone, services, created_by)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) RETURNING id`,
      [
        s.locationId,
        s.clientId,
        s.everyWeeks,
        s.until?.toISOString() ?? null,
        s.count,
        s.firstStartsAt.toISOString(),
        s.timeZone,
        JSON.stringify(s.services),
        s.createdBy,
      ],
    );
    return row.id;
  }

  async find(id: string): Promise<SeriesView | null> {
    const rows = await this.dataSource.query(`SELECT * FROM appointment_series WHERE id = $1`, [id]);
    return rows[0] ? toView(rows[0]) : null;
  }

  async occurrences(seriesId: string): Promise<{ id: string; startsAt: string; status: AppointmentStatus }[]> {
    const rows = await this.dataSource.query(`SELECT id, starts_at, status FROM appointments WHERE series_id = $1 ORDER BY starts_at`, [
      seriesId,
    ]);
    return rows.map((r: any) => ({ id: r.id, startsAt: new Date(r.starts_at).toISOString(), status: r.status }));
  }

  async markCancelledFrom(seriesId: string, from: Date): Promise<void> {
    await this.dataSource.query(`UPDATE appointment_series SET cancelled_from = least(coalesce(cancelled_from, $2), $2) WHERE id = $1`, [
      seriesId,
      from.toISOString(),
    ]);
  }
}
