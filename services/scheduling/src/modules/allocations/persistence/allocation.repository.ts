import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { HoldOwner, HoldRow } from '../domain/hold-plan.js';

/**
 * The one statement that writes a hold into `allocations` (also used by the seed script): the
 * `no_double_booking` exclusion constraint decides whether it may commit.
 */
export function holdInsert(owner: HoldOwner, h: HoldRow, active = true): { sql: string; params: unknown[] } {
  const [column, id] = 'appointmentId' in owner ? ['appointment_id', owner.appointmentId] : ['class_session_id', owner.classSessionId];
  return {
    sql: `INSERT INTO allocations (${column}, resource_kind, resource_id, slot, period, active) VALUES ($1, $2, $3, $4, tstzrange($5, $6, '[)'), $7)`,
    params: [id, h.kind, h.resourceId, h.place, h.from.toISOString(), h.to.toISOString(), active],
  };
}

/**
 * A new appointment's holds as a data-modifying CTE body of the statement that inserts the
 * appointment (`appointment`: the CTE returning its `id`; `param` numbers the placeholders). A
 * plain INSERT: one taken hold fails the whole statement with the `no_double_booking` violation
 * (23P01), so nothing of the booking is written.
 */
export function holdsInsertFrom(appointment: string, holds: readonly HoldRow[], param: (value: unknown) => string): string {
  return `INSERT INTO allocations (appointment_id, resource_kind, resource_id, slot, period, active)
    SELECT ${appointment}.id, h.kind, h.resource_id, h.place, tstzrange(h.starts, h.ends, '[)'), true
      FROM ${appointment}, unnest(${param(holds.map((h) => h.kind))}::text[], ${param(holds.map((h) => h.resourceId))}::uuid[],
        ${param(holds.map((h) => h.place))}::int[], ${param(holds.map((h) => h.from.toISOString()))}::timestamptz[],
        ${param(holds.map((h) => h.to.toISOString()))}::timestamptz[]) AS h(kind, resource_id, place, starts, ends)`;
}

function ownerWhere(owner: HoldOwner): { where: string; id: string } {
  return 'appointmentId' in owner
    ? { where: 'appointment_id = $1', id: owner.appointmentId }
    : { where: 'class_session_id = $1', id: owner.classSessionId };
}

/** `allocations`: the only code that inserts, updates or deletes its rows. SQL only. */
@Injectable()
export class AllocationRepository {
  /**
   * One hold: `ON CONFLICT DO NOTHING` makes the `no_double_booking` exclusion constraint the
   * arbiter (the only other constraint that could conflict is the random primary key), so a taken
   * slot inserts nothing and leaves the transaction usable for the next place or resource, in one
   * round trip instead of a savepoint's three. A concurrent writer's uncommitted overlapping hold
   * is waited for, then decides, as with a plain INSERT. Returns false when taken.
   */
  async tryInsert(manager: EntityManager, owner: HoldOwner, h: HoldRow): Promise<boolean> {
    const { sql, params } = holdInsert(owner, h);
    const inserted: unknown[] = await manager.query(`${sql} ON CONFLICT DO NOTHING RETURNING id`, params);
    return inserted.length > 0;
  }

  /** Drops every hold of the owner (a move takes new ones in the same transaction). */
  async release(manager: EntityManager, owner: HoldOwner): Promise<void> {
    const { where, id } = ownerWhere(owner);
    await manager.query(`DELETE FROM allocations WHERE ${where}`, [id]);
  }

  /** Keeps the rows for the record but frees the time (a cancelled or no-show appointment). */
  async deactivate(manager: EntityManager, owner: HoldOwner): Promise<void> {
    const { where, id } = ownerWhere(owner);
    await manager.query(`UPDATE allocations SET active = false WHERE ${where}`, [id]);
  }
}
