import { Injectable } from '@nestjs/common';
import type { ClassSessionView, EnrolmentView } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { EnrolmentStatus, RosterEntry, SessionFacts } from '../domain/class-enrolment.js';

export type { ClassSessionView, EnrolmentView };

export interface LockedSession extends SessionFacts {
  id: string;
  locationId: string;
  instructorId: string;
  roomId: string | null;
  version: number;
}

export interface NewSession {
  locationId: string;
  seriesId: string | null;
  name: string;
  description: string | null;
  category: string | null;
  instructorId: string;
  roomId: string | null;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  priceMinor: number;
  currency: string;
  createdBy: string | null;
}

export type SessionChanges = Partial<
  Pick<
    NewSession,
    'name' | 'description' | 'category' | 'instructorId' | 'roomId' | 'startsAt' | 'endsAt' | 'capacity' | 'priceMinor' | 'currency'
  >
>;

const COLUMNS: Record<keyof SessionChanges, string> = {
  name: 'name',
  description: 'description',
  category: 'category',
  instructorId: 'instructor_id',
  roomId: 'room_id',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  capacity: 'capacity',
  priceMinor: 'price_minor',
  currency: 'currency',
};

const SELECT = `
  SELECT s.*,
         (SELECT count(*)::int FROM class_enrolments e WHERE e.session_id = s.id AND e.status IN ('enrolled', 'attended', 'no-show')) AS enrolled_count,
         (SELECT count(*)::int FROM class_enrolments e WHERE e.session_id = s.id AND e.status = 'waitlisted') AS waitlisted_count
    FROM class_sessions s`;

const iso = (v: unknown) => new Date(v as string).toISOString();

function toView(r: any): ClassSessionView {
  return {
    id: r.id,
    locationId: r.location_id,
    seriesId: r.series_id,
    name: r.name,
    description: r.description,
    category: r.category,
    instructorId: r.instructor_id,
    roomId: r.room_id,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    durationMin: Math.round((new Date(r.ends_at).getTime() - new Date(r.starts_at).getTime()) / 60_000),
    capacity: r.capacity,
    priceMinor: r.price_minor,
    currency: r.currency.trim(),
    status: r.status,
    cancelReason: r.cancel_reason,
    createdBy: r.created_by,
    version: r.version,
    enrolledCount: r.enrolled_count,
    waitlistedCount: r.waitlisted_count,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** Class sessions and their enrolments (their holds are the allocations module's). SQL only. */
@Injectable()
export class ClassRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(q: { locationId: string; from: Date; to: Date; scheduledOnly?: boolean }): Promise<ClassSessionView[]> {
    const rows = await this.dataSource.query(
      `${SELECT} WHERE s.location_id = $1 AND s.starts_at < $3 AND s.ends_at > $2 ${q.scheduledOnly ? `AND s.status = 'scheduled'` : ''} ORDER BY s.starts_at, s.name`,
      [q.locationId, q.from.toISOString(), q.to.toISOString()],
    );
    return rows.map(toView);
  }

  async find(id: string, manager?: EntityManager): Promise<ClassSessionView | null> {
    const rows = await (manager ?? this.dataSource).query(`${SELECT} WHERE s.id = $1`, [id]);
    return rows[0] ? toView(rows[0]) : null;
  }

  /** The session row, locked: every roster change of one session runs one after the other. */
  async lock(manager: EntityManager, id: string): Promise<LockedSession | null> {
    const rows = await manager.query(`SELECT * FROM class_sessions WHERE id = $1 FOR UPDATE`, [id]);
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      locationId: r.location_id,
      name: r.name,
      status: r.status,
      startsAt: new Date(r.starts_at),
      endsAt: new Date(r.ends_at),
      capacity: r.capacity,
      instructorId: r.instructor_id,
      roomId: r.room_id,
      version: r.version,
    };
  }

  async roster(manager: EntityManager, sessionId: string): Promise<RosterEntry[]> {
    const rows = await manager.query(
      `SELECT id, client_id, status, queue_no FROM class_enrolments WHERE session_id = $1 ORDER BY queue_no`,
      [sessionId],
    );
    return rows.map((r: any) => ({ id: r.id, clientId: r.client_id, status: r.status, queueNo: r.queue_no }));
  }

  /** Every enrolment of the session in arrival order, waitlisted ones with their current place. */
  async enrolments(sessionId: string, manager?: EntityManager): Promise<EnrolmentView[]> {
    const rows = await (manager ?? this.dataSource).query(
      `SELECT e.*, CASE WHEN e.status = 'waitlisted' THEN row_number() OVER (PARTITION BY e.status = 'waitlisted' ORDER BY e.queue_no) END AS position
         FROM class_enrolments e WHERE e.session_id = $1 ORDER BY e.queue_no`,
      [sessionId],
    );
    return rows.map((r: any) => ({
      id: r.id,
      sessionId: r.session_id,
      clientId: r.client_id,
      status: r.status,
      waitlistPosition: r.position === null ? null : Number(r.position),
      promotedAt: r.promoted_at ? iso(r.promoted_at) : null,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    }));
  }

  async insertSession(manager: EntityManager, s: NewSession): Promise<string> {
    const [row] = await manager.query(
      `INSERT INTO class_sessions (location_id, series_id, name, description, category, instructor_id, room_id, starts_at, ends_at, capacity, price_minor, currency, created_by)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) RETURNING id`,
      [
        s.locationId,
        s.seriesId,
        s.name,
        s.description,
        s.category,
        s.instructorId,
        s.roomId,
        s.startsAt.toISOString(),
        s.endsAt.toISOString(),
        s.capacity,
        s.priceMinor,
        s.currency,
        s.createdBy,
      ],
    );
    return row.id;
  }

  async updateSession(manager: EntityManager, id: string, changes: SessionChanges): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const [key, value] of Object.entries(changes) as [keyof SessionChanges, unknown][]) {
      if (value === undefined) continue;
      params.push(value instanceof Date ? value.toISOString() : value);
      sets.push(`${COLUMNS[key]} = $${params.length}`);
    }
    await manager.query(
      `UPDATE class_sessions SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE id = $1`,
      params,
    );
  }

  async cancelSession(manager: EntityManager, id: string, reason: string | null): Promise<void> {
    await manager.query(
      `UPDATE class_sessions SET status = 'cancelled', cancel_reason = $2, cancelled_at = now(), version = version + 1, updated_at = now() WHERE id = $1`,
      [id, reason],
    );
  }

  async insertEnrolment(
    manager: EntityManager,
    e: { sessionId: string; clientId: string; status: 'enrolled' | 'waitlisted'; queueNo: number; enrolledBy: string | null },
  ): Promise<string> {
    const [row] = await manager.query(
      `INSERT INTO class_enrolments (session_id, client_id, status, queue_no, waitlisted_at, enrolled_by)
       VALUES ($1, $2, $3, $4, CASE WHEN $3 = 'waitlisted' THEN now() END, $5) RETURNING id`,
      [e.sessionId, e.clientId, e.status, e.queueNo, e.enrolledBy],
    );
    return row.id;
  }

  /** A waitlisted client promoted into a seat keeps the time of promotion for the roster. */
  async setEnrolmentStatus(manager: EntityManager, ids: string[], status: EnrolmentStatus): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(
      `UPDATE class_enrolments SET
         promoted_at = CASE WHEN status = 'waitlisted' AND $2 = 'enrolled' THEN now() ELSE promoted_at END,
         cancelled_at = CASE WHEN $2 = 'cancelled' THEN now() ELSE cancelled_at END,
         status = $2, updated_at = now()
       WHERE id = ANY($1::uuid[])`,
      [ids, status],
    );
  }
}
