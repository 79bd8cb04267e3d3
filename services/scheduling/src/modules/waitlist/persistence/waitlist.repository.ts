import { Injectable } from '@nestjs/common';
import type { WaitlistEntryView, WaitlistOfferView } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { Candidate, OfferStatus, WaitlistStatus } from '../domain/waitlist-rules.js';

export type OfferView = WaitlistOfferView;
export type EntryView = WaitlistEntryView;

const iso = (v: unknown) => new Date(v as string).toISOString();
const hhmm = (v: string | null) => (v ? v.slice(0, 5) : null);

function offerView(r: any): OfferView {
  return {
    id: r.id,
    entryId: r.entry_id,
    chainId: r.chain_id,
    windowStart: iso(r.window_start),
    windowEnd: iso(r.window_end),
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    staffId: r.staff_id,
    expiresAt: iso(r.expires_at),
    status: r.status,
    appointmentId: r.appointment_id,
    createdAt: iso(r.created_at),
  };
}

function entryView(r: any): EntryView {
  return {
    id: r.id,
    locationId: r.location_id,
    clientId: r.client_id,
    serviceId: r.service_id,
    serviceName: r.service_name ?? '',
    staffId: r.staff_id,
    dateFrom: r.date_from,
    dateTo: r.date_to,
    windowStart: hhmm(r.window_start),
    windowEnd: hhmm(r.window_end),
    note: r.note,
    status: r.status,
    appointmentId: r.appointment_id,
    createdAt: iso(r.created_at),
    offer: r.offer ? offerView(r.offer) : null,
  };
}

const ENTRY_SELECT = `
  SELECT e.id, e.location_id, e.client_id, e.service_id, s.name AS service_name, e.staff_id, to_char(e.date_from, 'YYYY-MM-DD') AS date_from,
         to_char(e.date_to, 'YYYY-MM-DD') AS date_to, e.window_start::text, e.window_end::text, e.note, e.status, e.appointment_id, e.created_at,
         (SELECT row_to_json(o) FROM waitlist_offers o WHERE o.entry_id = e.id ORDER BY o.created_at DESC, o.id DESC LIMIT 1) AS offer
    FROM waitlist_entries e JOIN services s ON s.id = e.service_id`;

@Injectable()
export class WaitlistRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertEntry(e: {
    locationId: string;
    clientId: string;
    serviceId: string;
    staffId: string | null;
    dateFrom: string;
    dateTo: string;
    windowStart: string | null;
    windowEnd: string | null;
    note: string | null;
    createdBy: string | null;
  }): Promise<string> {
    const [row] = await this.dataSource.query(
      `INSERT INTO waitlist_entries (location_id, client_id, service_id, staff_id, date_from, date_to, window_start, window_end, note, created_by)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id`,
      [e.locationId, e.clientId, e.serviceId, e.staffId, e.dateFrom, e.dateTo, e.windowStart, e.windowEnd, e.note, e.createdBy],
    );
    return row.id;
  }

  async findEntry(id: string, m?: EntityManager): Promise<EntryView | null> {
    const rows = await (m ?? this.dataSource.manager).query(`${ENTRY_SELECT} WHERE e.id = $1`, [id]);
    return rows[0] ? entryView(rows[0]) : null;
  }

  /** Entries of a location whose wished dates overlap [from, to], oldest first. */
  async listEntries(q: { locationId: string; from: string; to: string; statuses: WaitlistStatus[] }): Promise<EntryView[]> {
    const rows = await this.dataSource.query(
      `${ENTRY_SELECT} WHERE e.location_id = $1 AND e.date_from <= $3 AND e.date_to >= $2 AND e.status = ANY($4) ORDER BY e.created_at, e.id LIMIT 500`,
      [q.locationId, q.from, q.to, q.statuses],
    );
    return rows.map(entryView);
  }

  /**
   * Waiting entries that could want a freed time on these local dates and have not been offered
   * this chain's time yet, oldest first. Locked (SKIP LOCKED) so two freed times at once never
   * offer to the same entry.
   */
  async lockWaiting(
    m: EntityManager,
    q: { locationId: string; from: string; to: string; chainId: string; limit: number },
  ): Promise<EntryView[]> {
    const ids: { id: string }[] = await m.query(
      `SELECT e.id FROM waitlist_entries e
        WHERE e.location_id = $1 AND e.status = 'waiting' AND e.date_from <= $3 AND e.date_to >= $2
          AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = e.id AND o.chain_id = $4)
        ORDER BY e.created_at, e.id LIMIT $5 FOR UPDATE OF e SKIP LOCKED`,
      [q.locationId, q.from, q.to, q.chainId, q.limit],
    );
    const out: EntryView[] = [];
    for (const { id } of ids) out.push((await this.findEntry(id, m))!);
    return out;
  }

  /** Times already promised by open offers at the location (so one freed time is not offered twice). */
  async openOffers(m: EntityManager, locationId: string, from: Date, to: Date): Promise<Candidate[]> {
    const rows = await m.query(
      `SELECT o.starts_at, o.ends_at, o.staff_id FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id
        WHERE e.location_id = $1 AND o.status = 'open' AND o.starts_at < $3 AND o.ends_at > $2`,
      [locationId, from.toISOString(), to.toISOString()],
    );
    return rows.map((r: any) => ({ start: new Date(r.starts_at), end: new Date(r.ends_at), staffId: r.staff_id }));
  }

  async insertOffer(
    m: EntityManager,
    o: {
      entryId: string;
      chainId: string;
      windowStart: Date;
      windowEnd: Date;
      startsAt: Date;
      endsAt: Date;
      staffId: string;
      tokenHash: string;
      expiresAt: Date;
    },
  ): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO waitlist_offers (entry_id, chain_id, window_start, window_end, starts_at, ends_at, staff_id, token_hash, expires_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) RETURNING id`,
      [
        o.entryId,
        o.chainId,
        o.windowStart.toISOString(),
        o.windowEnd.toISOString(),
        o.startsAt.toISOString(),
        o.endsAt.toISOString(),
        o.staffId,
        o.tokenHash,
        o.expiresAt.toISOString(),
      ],
    );
    return row.id;
  }

  async findOffer(by: { id: string } | { tokenHash: string }, m?: EntityManager, lock = false): Promise<OfferView | null> {
    const [column, value] = 'id' in by ? ['id', by.id] : ['token_hash', by.tokenHash];
    const rows = await (m ?? this.dataSource.manager).query(
      `SELECT * FROM waitlist_offers WHERE ${column} = $1${lock ? ' FOR UPDATE' : ''}`,
      [value],
    );
    return rows[0] ? offerView(rows[0]) : null;
  }

  /** Open offers past their expiry, locked for this sweeper only. */
  async lockDue(m: EntityManager, now: Date, limit: number): Promise<OfferView[]> {
    const rows = await m.query(
      `SELECT * FROM waitlist_offers WHERE status = 'open' AND expires_at <= $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now.toISOString(), limit],
    );
    return rows.map(offerView);
  }

  async closeOffer(m: EntityManager, id: string, status: Exclude<OfferStatus, 'open'>, appointmentId: string | null = null): Promise<void> {
    await m.query(`UPDATE waitlist_offers SET status = $2, appointment_id = $3, closed_at = now() WHERE id = $1`, [
      id,
      status,
      appointmentId,
    ]);
  }

  async setEntryStatus(m: EntityManager, id: string, status: WaitlistStatus, appointmentId: string | null = null): Promise<void> {
    await m.query(
      `UPDATE waitlist_entries SET status = $2, appointment_id = coalesce($3, appointment_id), updated_at = now() WHERE id = $1`,
      [id, status, appointmentId],
    );
  }

  async lockEntry(m: EntityManager, id: string): Promise<EntryView | null> {
    await m.query(`SELECT 1 FROM waitlist_entries WHERE id = $1 FOR UPDATE`, [id]);
    return this.findEntry(id, m);
  }
}
