import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { FeedItem } from '../domain/calendar-feed.js';

export interface FeedRow {
  staffId: string;
  createdAt: string;
  lastReadAt: string | null;
}

const feedRow = (r: any): FeedRow => ({
  staffId: r.staff_id,
  createdAt: new Date(r.created_at).toISOString(),
  lastReadAt: r.last_read_at ? new Date(r.last_read_at).toISOString() : null,
});

@Injectable()
export class CalendarFeedsRepository {
  constructor(private readonly db: DataSource) {}

  async feedOf(staffId: string): Promise<FeedRow | null> {
    const [r] = await this.db.query(`SELECT * FROM calendar_feeds WHERE staff_id = $1`, [staffId]);
    return r ? feedRow(r) : null;
  }

  /** A new secret for the person: the old link stops working in the same statement. */
  async replace(staffId: string, tokenHash: string, createdBy: string | null): Promise<FeedRow> {
    const [r] = await this.db.query(
      `INSERT INTO calendar_feeds (staff_id, token_hash, created_by) VALUES ($1, $2, $3)
       ON CONFLICT (staff_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_by = EXCLUDED.created_by,
         created_at = now(), last_read_at = NULL
       RETURNING *`,
      [staffId, tokenHash, createdBy],
    );
    return feedRow(r);
  }

  async remove(staffId: string): Promise<boolean> {
    const [, count] = await this.db.query(`DELETE FROM calendar_feeds WHERE staff_id = $1`, [staffId]);
    return count > 0;
  }

  /** Whose feed a secret opens (and when it was last read, for the profile's "last synced"). */
  async staffByToken(tokenHash: string): Promise<string | null> {
    // TypeORM answers an UPDATE as [rows, affected].
    const [rows] = await this.db.query(`UPDATE calendar_feeds SET last_read_at = now() WHERE token_hash = $1 RETURNING staff_id`, [
      tokenHash,
    ]);
    return rows[0]?.staff_id ?? null;
  }

  /** The person's parts of visits between two instants, at every location. */
  async items(staffId: string, from: Date, to: Date): Promise<(FeedItem & { locationId: string })[]> {
    const rows = await this.db.query(
      `SELECT a.id, a.location_id, a.status, a.version, a.updated_at, sg.position, sg.starts_at, sg.ends_at,
              coalesce(s.name, a.service->>'name', 'Appointment') AS service_name
         FROM appointment_segments sg
         JOIN appointments a ON a.id = sg.appointment_id
         LEFT JOIN services s ON s.id = sg.service_id
        WHERE sg.staff_id = $1 AND sg.starts_at < $3 AND sg.ends_at > $2
        ORDER BY sg.starts_at, a.id, sg.position`,
      [staffId, from, to],
    );
    return rows.map((r: any) => ({
      appointmentId: r.id,
      locationId: r.location_id,
      position: Number(r.position),
      startsAt: new Date(r.starts_at),
      endsAt: new Date(r.ends_at),
      serviceName: r.service_name,
      locationName: null,
      status: r.status,
      version: Number(r.version),
      updatedAt: new Date(r.updated_at),
    }));
  }
}
