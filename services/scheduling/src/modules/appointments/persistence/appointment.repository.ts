import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AppointmentView } from '@salon/contracts';
import type { AppointmentStatus } from '../domain/appointment-status.js';
import type { ChangeEntry } from '../domain/appointment-changes.js';
import { holdsInsertFrom } from '../../allocations/persistence/allocation.repository.js';
import type { HoldRow } from '../../allocations/domain/hold-plan.js';
import type { ChangeActor } from './appointment-change.repository.js';

export type { AppointmentView };

/** What the database fills in when an appointment is inserted. */
export interface InsertedAppointment {
  id: string;
  status: AppointmentView['status'];
  version: number;
  lateCancel: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A new appointment's columns and its segments, as the booking writer fills them. */
export interface NewAppointment {
  locationId: string;
  clientId: string;
  startsAt: Date;
  endsAt: Date;
  priceMinor: number;
  currency: string;
  service: Record<string, unknown>;
  notes: string | null;
  bookedBy: string | null;
  source: string;
  seriesId?: string | null;
  segments: { serviceId: string; staffId: string; startsAt: Date; endsAt: Date }[];
}

/** location_id … series_id, in the INSERT's column order. */
function appointmentValues(a: NewAppointment): unknown[] {
  return [
    a.locationId,
    a.clientId,
    a.startsAt.toISOString(),
    a.endsAt.toISOString(),
    a.priceMinor,
    a.currency,
    JSON.stringify(a.service),
    a.notes,
    a.bookedBy,
    a.source,
    a.seriesId ?? null,
  ];
}

/** The segments' INSERT as a CTE body; `appointment` names the CTE that returns the appointment's id. */
function segmentsInsertFrom(appointment: string, segments: NewAppointment['segments'], param: (value: unknown) => string): string {
  return `INSERT INTO appointment_segments (appointment_id, service_id, staff_id, starts_at, ends_at, position)
    SELECT ${appointment}.id, x.service_id, x.staff_id, x.starts_at, x.ends_at, x.position
      FROM ${appointment}, unnest(${param(segments.map((seg) => seg.serviceId))}::uuid[], ${param(segments.map((seg) => seg.staffId))}::uuid[],
        ${param(segments.map((seg) => seg.startsAt.toISOString()))}::timestamptz[], ${param(segments.map((seg) => seg.endsAt.toISOString()))}::timestamptz[])
        WITH ORDINALITY AS x(service_id, staff_id, starts_at, ends_at, position)`;
}

function inserted(row: {
  id: string;
  status: AppointmentView['status'];
  version: number;
  late_cancel: boolean;
  created_at: string | Date;
  updated_at: string | Date;
}): InsertedAppointment {
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    lateCancel: row.late_cancel,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const SELECT = `
  SELECT a.*, sg.service_id, sg.staff_id,
         coalesce((SELECT json_agg(json_build_object('kind', al.resource_kind, 'id', al.resource_id, 'slot', al.slot) ORDER BY al.resource_kind, al.resource_id)
                   FROM (SELECT DISTINCT resource_kind, resource_id, slot FROM allocations WHERE appointment_id = a.id AND resource_kind <> 'staff') al), '[]') AS resources,
         (SELECT json_agg(json_build_object('position', x.position, 'serviceId', x.service_id, 'staffId', x.staff_id, 'startsAt', x.starts_at, 'endsAt', x.ends_at) ORDER BY x.position)
            FROM appointment_segments x WHERE x.appointment_id = a.id) AS segments
    FROM appointments a JOIN appointment_segments sg ON sg.appointment_id = a.id AND sg.position = 1`;

function toView(r: any): AppointmentView {
  return {
    id: r.id,
    locationId: r.location_id,
    clientId: r.client_id,
    status: r.status,
    startsAt: new Date(r.starts_at).toISOString(),
    endsAt: new Date(r.ends_at).toISOString(),
    serviceId: r.service_id,
    serviceName: r.service?.name ?? '',
    staffId: r.staff_id,
    priceMinor: r.price_minor,
    currency: r.currency.trim(),
    service: r.service,
    resources: r.resources,
    notes: r.notes,
    cancelReason: r.cancel_reason,
    lateCancel: r.late_cancel,
    source: r.source,
    bookedBy: r.booked_by,
    version: r.version,
    seriesId: r.series_id ?? null,
    paidAt: r.paid_at ? new Date(r.paid_at).toISOString() : null,
    segments: (r.segments ?? []).map((x: any) => ({
      ...x,
      startsAt: new Date(x.startsAt).toISOString(),
      endsAt: new Date(x.endsAt).toISOString(),
    })),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export interface ListFilter {
  from: Date;
  to: Date;
  locationId?: string;
  /** Only these staff members' appointments; undefined = everyone's. */
  staffIds?: string[];
}

const LIST_LIMIT = 5000;

function listWhere(q: ListFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [q.from.toISOString(), q.to.toISOString()];
  let where = `a.starts_at < $2 AND a.ends_at > $1`;
  if (q.locationId) where += ` AND a.location_id = $${params.push(q.locationId)}`;
  if (q.staffIds) where += ` AND sg.staff_id = ANY($${params.push(q.staffIds)}::uuid[])`;
  return { where, params };
}

@Injectable()
export class AppointmentRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(id: string, manager?: EntityManager): Promise<AppointmentView | null> {
    const rows = await (manager ?? this.dataSource.manager).query(`${SELECT} WHERE a.id = $1`, [id]);
    return rows[0] ? toView(rows[0]) : null;
  }

  async lock(id: string, manager: EntityManager): Promise<AppointmentView | null> {
    await manager.query(`SELECT 1 FROM appointments WHERE id = $1 FOR UPDATE`, [id]);
    return this.find(id, manager);
  }

  async list(q: ListFilter): Promise<AppointmentView[]> {
    const { where, params } = listWhere(q);
    const rows = await this.dataSource.query(`${SELECT} WHERE ${where} ORDER BY a.starts_at, a.id LIMIT ${LIST_LIMIT}`, params);
    return rows.map(toView);
  }

  /** A client's appointments that have not ended yet and still stand (online booking's "your appointments"). */
  async listForClient(clientId: string, now: Date): Promise<AppointmentView[]> {
    const rows = await this.dataSource.query(
      `${SELECT} WHERE a.client_id = $1 AND a.ends_at > $2 AND a.status NOT IN ('cancelled', 'no-show', 'completed') ORDER BY a.starts_at LIMIT 50`,
      [clientId, now.toISOString()],
    );
    return rows.map(toView);
  }

  /**
   * What identifies the list's content: every appointment in it with its version (every change
   * bumps the version). An aggregate over the same rows, without building them.
   */
  async fingerprint(q: ListFilter): Promise<string> {
    const { where, params } = listWhere(q);
    const [row] = await this.dataSource.query(
      `SELECT md5(coalesce(string_agg(id::text || ':' || version, ',' ORDER BY id), '')) AS h FROM (
         SELECT a.id, a.version FROM appointments a JOIN appointment_segments sg ON sg.appointment_id = a.id AND sg.position = 1
          WHERE ${where} ORDER BY a.starts_at, a.id LIMIT ${LIST_LIMIT}) w`,
      params,
    );
    return row.h;
  }

  /**
   * Marks appointments paid (their checkout closed). A new version, so a polling calendar sees it
   * (the list's ETag is made of versions); one already paid keeps its first time.
   */
  async markPaid(m: EntityManager, ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await m.query(
      `UPDATE appointments SET paid_at = $2, version = version + 1, updated_at = now() WHERE id = ANY($1::uuid[]) AND paid_at IS NULL`,
      [ids, at],
    );
  }

  /**
   * The appointment and its segments (in visit order, position 1 first) in one statement (a round
   * trip per statement is the booking's largest cost); answers what the database filled in, so the
   * booking's answer needs no re-read.
   */
  async insert(manager: EntityManager, a: NewAppointment): Promise<InsertedAppointment> {
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const sql = `WITH a AS (
         INSERT INTO appointments (location_id, client_id, starts_at, ends_at, price_minor, currency, service, notes, booked_by, source, series_id)
         VALUES (${appointmentValues(a).map(param).join(', ')})
         RETURNING id, status, version, late_cancel, created_at, updated_at),
       s AS (${segmentsInsertFrom('a', a.segments, param)})
       SELECT * FROM a`;
    const [row] = await manager.query(sql, params);
    return inserted(row);
  }

  /**
   * A whole booking in one statement, its own transaction: the appointment (with the given id), its
   * segments, its holds, the first line of its change log and its outbox event (`outbox`, from
   * OutboxWriter.prepare). A taken hold fails the statement (23P01) and nothing is written.
   */
  async insertWhole(
    manager: EntityManager,
    a: NewAppointment & { id: string },
    holds: readonly HoldRow[],
    change: { at: Date; actor: ChangeActor; entry: ChangeEntry },
    outbox: (firstParam: number) => { rows: string; values: unknown[]; notify: string },
  ): Promise<InsertedAppointment> {
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const head = `WITH a AS (
         INSERT INTO appointments (id, location_id, client_id, starts_at, ends_at, price_minor, currency, service, notes, booked_by, source, series_id)
         VALUES (${[a.id, ...appointmentValues(a)].map(param).join(', ')})
         RETURNING id, status, version, late_cancel, created_at, updated_at),
       s AS (${segmentsInsertFrom('a', a.segments, param)}),
       h AS (${holdsInsertFrom('a', holds, param)}),
       c AS (
         INSERT INTO appointment_changes (appointment_id, at, by_id, by_kind, what, from_value, to_value)
         SELECT a.id, ${[change.at.toISOString(), change.actor.id, change.actor.type, change.entry.what, change.entry.from, change.entry.to].map(param).join(', ')} FROM a),`;
    const event = outbox(params.length + 1);
    params.push(...event.values);
    const [row] = await manager.query(
      `${head}
       o AS (INSERT INTO outbox (id, type, aggregate_type, aggregate_id, envelope) VALUES ${event.rows} RETURNING seq)
       SELECT a.*, ${event.notify} AS notified FROM a`,
      params,
    );
    return inserted(row);
  }

  async move(
    manager: EntityManager,
    id: string,
    m: { startsAt: Date; endsAt: Date; staffId: string; serviceId: string; priceMinor: number; service: Record<string, unknown> },
  ): Promise<void> {
    await manager.query(
      `UPDATE appointments SET starts_at = $2, ends_at = $3, price_minor = $4, service = $5, version = version + 1, updated_at = now() WHERE id = $1`,
      [id, m.startsAt.toISOString(), m.endsAt.toISOString(), m.priceMinor, JSON.stringify(m.service)],
    );
    await manager.query(
      `UPDATE appointment_segments SET starts_at = $2, ends_at = $3, staff_id = $4, service_id = $5 WHERE appointment_id = $1`,
      [id, m.startsAt.toISOString(), m.endsAt.toISOString(), m.staffId, m.serviceId],
    );
  }

  /**
   * The client's other appointments that started before `before`, newest first (the details
   * panel's "last visits"); only these staff members' when `staffIds` is given.
   */
  async clientHistory(clientId: string, before: Date, excludeId: string, limit: number, staffIds?: string[]): Promise<AppointmentView[]> {
    const params: unknown[] = [clientId, before.toISOString(), excludeId, limit];
    const scope = staffIds ? ` AND sg.staff_id = ANY($${params.push(staffIds)}::uuid[])` : '';
    const rows = await this.dataSource.query(
      `${SELECT} WHERE a.client_id = $1 AND a.starts_at < $2 AND a.id <> $3${scope} ORDER BY a.starts_at DESC LIMIT $4`,
      params,
    );
    return rows.map(toView);
  }

  /** Every appointment of a client, newest first (the profile's Appointments tab splits upcoming from past). */
  async forClient(clientId: string, limit: number, staffIds?: string[]): Promise<AppointmentView[]> {
    const params: unknown[] = [clientId, limit];
    const scope = staffIds ? ` AND sg.staff_id = ANY($${params.push(staffIds)}::uuid[])` : '';
    const rows = await this.dataSource.query(`${SELECT} WHERE a.client_id = $1${scope} ORDER BY a.starts_at DESC LIMIT $2`, params);
    return rows.map(toView);
  }

  async setStatus(
    manager: EntityManager,
    id: string,
    s: { status: AppointmentStatus; cancelReason?: string | null; lateCancel?: boolean; notes?: string | null },
  ): Promise<void> {
    await manager.query(
      `UPDATE appointments SET status = $2, cancel_reason = coalesce($3, cancel_reason), late_cancel = coalesce($4, late_cancel),
         cancelled_at = CASE WHEN $2 = 'cancelled' THEN now() ELSE cancelled_at END, version = version + 1, updated_at = now() WHERE id = $1`,
      [id, s.status, s.cancelReason ?? null, s.lateCancel ?? null],
    );
  }

  async setNotes(manager: EntityManager, id: string, notes: string | null): Promise<void> {
    await manager.query(`UPDATE appointments SET notes = $2, version = version + 1, updated_at = now() WHERE id = $1`, [id, notes]);
  }
}
