import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface ClaimRow {
  id: string;
  appointmentId: string;
  visitorClientId: string;
  clientId: string;
  expiresAt: Date;
  confirmedAt: Date | null;
}

const toRow = (r: any): ClaimRow => ({
  id: r.id,
  appointmentId: r.appointment_id,
  visitorClientId: r.visitor_client_id,
  clientId: r.client_id,
  expiresAt: new Date(r.expires_at),
  confirmedAt: r.confirmed_at ? new Date(r.confirmed_at) : null,
});

/** The links that add a visitor's booking to a client on file; only the token's hash is kept. */
@Injectable()
export class BookingClaimsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    m: EntityManager,
    c: { tokenHash: string; appointmentId: string; visitorClientId: string; clientId: string; expiresAt: Date; createdAt: Date },
  ): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO booking_claims (token_hash, appointment_id, visitor_client_id, client_id, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [c.tokenHash, c.appointmentId, c.visitorClientId, c.clientId, c.expiresAt.toISOString(), c.createdAt.toISOString()],
    );
    return row.id;
  }

  async find(by: { id: string } | { tokenHash: string }, m?: EntityManager, lock = false): Promise<ClaimRow | null> {
    const [column, value] = 'id' in by ? ['id', by.id] : ['token_hash', by.tokenHash];
    const [row] = await (m ?? this.dataSource.manager).query(
      `SELECT * FROM booking_claims WHERE ${column} = $1${lock ? ' FOR UPDATE' : ''}`,
      [value],
    );
    return row ? toRow(row) : null;
  }

  /** Links sent to this client since `since`. */
  async countSince(m: EntityManager, clientId: string, since: Date): Promise<number> {
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM booking_claims WHERE client_id = $1 AND created_at >= $2`, [
      clientId,
      since.toISOString(),
    ]);
    return n;
  }

  async confirm(m: EntityManager, id: string, at: Date): Promise<void> {
    await m.query(`UPDATE booking_claims SET confirmed_at = $2 WHERE id = $1 AND confirmed_at IS NULL`, [id, at.toISOString()]);
  }
}
