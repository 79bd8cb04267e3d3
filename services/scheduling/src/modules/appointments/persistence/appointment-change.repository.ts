import { Injectable } from '@nestjs/common';
import type { AppointmentChangeKind } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { ChangeEntry } from '../domain/appointment-changes.js';

export interface ChangeActor {
  type: 'user' | 'client' | 'system';
  id: string | null;
}

export interface StoredChange {
  at: string;
  by: string | null;
  byKind: ChangeActor['type'];
  what: AppointmentChangeKind;
  from: string | null;
  to: string | null;
}

/** appointment_changes: written only inside the transaction of the change it records. */
@Injectable()
export class AppointmentChangeRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(m: EntityManager, appointmentId: string, actor: ChangeActor, at: Date, entries: readonly ChangeEntry[]): Promise<void> {
    for (const e of entries)
      await m.query(
        `INSERT INTO appointment_changes (appointment_id, at, by_id, by_kind, what, from_value, to_value) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
        [appointmentId, at.toISOString(), actor.id, actor.type, e.what, e.from, e.to],
      );
  }

  /** Oldest first, in the order they were written. */
  async list(appointmentId: string): Promise<StoredChange[]> {
    const rows = await this.dataSource.query(
      `SELECT at, by_id, by_kind, what, from_value, to_value FROM appointment_changes WHERE appointment_id = $1 ORDER BY seq LIMIT 500`,
      [appointmentId],
    );
    return rows.map((r: any) => ({
      at: new Date(r.at).toISOString(),
      by: r.by_id,
      byKind: r.by_kind,
      what: r.what,
      from: r.from_value,
      to: r.to_value,
    }));
  }
}
