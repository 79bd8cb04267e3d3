import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { MemberWindow } from '../domain/member-window.rules.js';

const COLUMNS = `membership_id AS "membershipId", client_id AS "clientId", status, priority_days AS "priorityDays",
  period_end AS "periodEnd", last_event_at AS "lastEventAt"`;

/** Scheduling's projection of retail's memberships (member_booking_windows). */
@Injectable()
export class MemberWindowRepository {
  constructor(private readonly dataSource: DataSource) {}

  async lock(m: EntityManager, membershipId: string): Promise<MemberWindow | null> {
    const rows: MemberWindow[] = await m.query(`SELECT ${COLUMNS} FROM member_booking_windows WHERE membership_id = $1 FOR UPDATE`, [
      membershipId,
    ]);
    return rows[0] ?? null;
  }

  async save(m: EntityManager, w: MemberWindow): Promise<void> {
    await m.query(
      `INSERT INTO member_booking_windows (membership_id, client_id, status, priority_days, period_end, last_event_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (membership_id) DO UPDATE SET client_id = EXCLUDED.client_id, status = EXCLUDED.status,
         priority_days = EXCLUDED.priority_days, period_end = EXCLUDED.period_end, last_event_at = EXCLUDED.last_event_at`,
      [w.membershipId, w.clientId, w.status, w.priorityDays, w.periodEnd, w.lastEventAt],
    );
  }

  async ofClient(clientId: string): Promise<MemberWindow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM member_booking_windows WHERE client_id = $1`, [clientId]);
  }
}
