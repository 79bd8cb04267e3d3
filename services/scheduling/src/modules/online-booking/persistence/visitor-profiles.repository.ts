import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** The undo log of online visitors' profiles (see the migration 1795300000000-online-visitors). */
@Injectable()
export class VisitorProfilesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Committed on its own connection, outside the booking's transaction, before the clients service
   * is asked: if the booking then never commits (even if this process dies), the profile is known and undone.
   */
  async record(clientId: string, at: Date): Promise<void> {
    await this.dataSource.query(`INSERT INTO visitor_profiles (client_id, requested_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      clientId,
      at.toISOString(),
    ]);
  }

  /** In the booking's transaction: committed with the appointment, or not at all. */
  async attach(m: EntityManager, clientId: string, appointmentId: string): Promise<void> {
    await m.query(`UPDATE visitor_profiles SET appointment_id = $2 WHERE client_id = $1`, [clientId, appointmentId]);
  }

  async find(clientId: string): Promise<{ clientId: string; appointmentId: string | null } | null> {
    const [row] = await this.dataSource.query(`SELECT client_id, appointment_id FROM visitor_profiles WHERE client_id = $1`, [clientId]);
    return row ? { clientId: row.client_id, appointmentId: row.appointment_id } : null;
  }

  /** Profiles asked for before `before` whose booking never committed. */
  async unbooked(before: Date, limit: number): Promise<string[]> {
    const rows = await this.dataSource.query(
      `SELECT client_id FROM visitor_profiles WHERE appointment_id IS NULL AND requested_at < $1 ORDER BY requested_at LIMIT $2`,
      [before.toISOString(), limit],
    );
    return rows.map((r: { client_id: string }) => r.client_id);
  }

  /** Once its profile is discarded; a booked one is kept. */
  async forget(clientId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM visitor_profiles WHERE client_id = $1 AND appointment_id IS NULL`, [clientId]);
  }
}
