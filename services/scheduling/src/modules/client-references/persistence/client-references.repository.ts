import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Every place scheduling keeps a client id (the clients service owns the profiles). */
@Injectable()
export class ClientReferencesRepository {
  /**
   * Moves every reference from one client to another in the caller's transaction. Appointments
   * get a new version, so polling calendars and the client's own list see the change. An
   * enrolment the survivor already holds in the same session stays with the merged-away id (the
   * one-place-per-client rule of a class).
   */
  async repoint(m: EntityManager, from: string, to: string): Promise<{ appointments: number }> {
    const [, appointments] = (await m.query(
      `UPDATE appointments SET client_id = $2, version = version + 1, updated_at = now() WHERE client_id = $1`,
      [from, to],
    )) as [unknown, number];
    await m.query(`UPDATE appointment_series SET client_id = $2 WHERE client_id = $1`, [from, to]);
    await m.query(`UPDATE waitlist_entries SET client_id = $2, updated_at = now() WHERE client_id = $1`, [from, to]);
    await m.query(
      `UPDATE class_enrolments e SET client_id = $2 WHERE e.client_id = $1
          AND (e.status = 'cancelled' OR NOT EXISTS (
            SELECT 1 FROM class_enrolments o WHERE o.session_id = e.session_id AND o.client_id = $2 AND o.status <> 'cancelled'))`,
      [from, to],
    );
    await m.query(`UPDATE client_accounts SET client_id = $2 WHERE client_id = $1`, [from, to]);
    await m.query(`UPDATE booking_claims SET client_id = $2 WHERE client_id = $1`, [from, to]);
    return { appointments };
  }
}
