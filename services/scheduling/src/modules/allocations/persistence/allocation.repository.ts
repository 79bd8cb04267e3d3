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

function ownerWhere(owner: HoldOwner): { where: string; id: string } {
  return 'appointmentId' in owner
    ? { where: 'appointment_id = $1', id: owner.appointmentId }
    : { where: 'class_session_id = $1', id: owner.classSessionId };
}

/** `allocations`: the only code that inserts, updates or deletes its rows. SQL only. */
@Injectable()
export class AllocationRepository {
  /**
   * One hold, inside a savepoint so a taken slot (SQLSTATE 23P01 from `no_double_booking`) leaves
   * the transaction usable for the next place or resource. Returns false when taken.
   */
  async tryInsert(manager: EntityManager, owner: HoldOwner, h: HoldRow): Promise<boolean> {
    const { sql, params } = holdInsert(owner, h);
    await manager.query(`SAVEPOINT hold`);
    try {
      await manager.query(sql, params);
      await manager.query(`RELEASE SAVEPOINT hold`);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code !== '23P01') throw error;
      await manager.query(`ROLLBACK TO SAVEPOINT hold`);
      return false;
    }
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
