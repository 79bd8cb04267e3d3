import { Injectable } from '@nestjs/common';
import type { GiftCardEntryKind, GiftCardKind } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface GiftCardRow {
  id: string;
  code: string;
  kind: GiftCardKind;
  initialMinor: number;
  balanceMinor: number;
  currency: string;
  clientId: string | null;
  locationId: string;
  soldOnTicketId: string | null;
  issuedAt: Date;
  expiresAt: Date | null;
}

export interface GiftCardEntryRow {
  id: string;
  giftCardId: string;
  kind: GiftCardEntryKind;
  amountMinor: number;
  balanceAfterMinor: number;
  ticketId: string | null;
  paymentId: string | null;
  reason: string | null;
  createdAt: Date;
}

const CARD = `c.id, c.code, c.kind, c.initial_minor AS "initialMinor", c.balance_minor AS "balanceMinor", c.currency, c.client_id AS "clientId",
  c.location_id AS "locationId", c.sold_on_ticket_id AS "soldOnTicketId", c.issued_at AS "issuedAt", c.expires_at AS "expiresAt"`;
const ENTRY = `id, gift_card_id AS "giftCardId", kind, amount_minor AS "amountMinor", balance_after_minor AS "balanceAfterMinor",
  ticket_id AS "ticketId", payment_id AS "paymentId", reason, created_at AS "createdAt"`;

/** Gift cards and their ledger (`gift_card_entries`, append-only). */
@Injectable()
export class GiftCardRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager) {
    return m ?? this.dataSource.manager;
  }

  async byCode(code: string, m?: EntityManager): Promise<GiftCardRow | null> {
    const rows: GiftCardRow[] = await this.q(m).query(`SELECT ${CARD} FROM gift_cards c WHERE c.code = $1`, [code]);
    return rows[0] ?? null;
  }

  async find(id: string, m?: EntityManager): Promise<GiftCardRow | null> {
    const rows: GiftCardRow[] = await this.q(m).query(`SELECT ${CARD} FROM gift_cards c WHERE c.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async list(f: { search?: string; clientId?: string; limit: number }): Promise<GiftCardRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.search) where.push(`c.code LIKE $${params.push(`%${f.search.replace(/[\s-]/g, '').toUpperCase().replace(/[%_]/g, '')}%`)}`);
    if (f.clientId) where.push(`c.client_id = $${params.push(f.clientId)}`);
    params.push(f.limit);
    return this.q().query(
      `SELECT ${CARD} FROM gift_cards c ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY c.issued_at DESC, c.id LIMIT $${params.length}`,
      params,
    );
  }

  /** The cards a ticket sold, in the order they were issued. */
  async soldOn(ticketId: string): Promise<GiftCardRow[]> {
    return this.q().query(`SELECT ${CARD} FROM gift_cards c WHERE c.sold_on_ticket_id = $1 ORDER BY c.issued_at, c.id`, [ticketId]);
  }

  /** What every card not expired still holds: the liability, one query. */
  async liabilityMinor(now: Date, m?: EntityManager): Promise<number> {
    const rows: { total: number }[] = await this.q(m).query(
      `SELECT COALESCE(sum(balance_minor), 0)::int AS total FROM gift_cards WHERE balance_minor > 0 AND (expires_at IS NULL OR expires_at > $1)`,
      [now],
    );
    return rows[0]!.total;
  }

  async entriesOf(ids: readonly string[], m?: EntityManager): Promise<Map<string, GiftCardEntryRow[]>> {
    const out = new Map<string, GiftCardEntryRow[]>(ids.map((id) => [id, []]));
    if (!ids.length) return out;
    const rows: GiftCardEntryRow[] = await this.q(m).query(
      `SELECT ${ENTRY} FROM gift_card_entries WHERE gift_card_id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [ids],
    );
    for (const r of rows) out.get(r.giftCardId)?.push(r);
    return out;
  }

  async insert(m: EntityManager, c: Omit<GiftCardRow, 'id' | 'balanceMinor'> & { soldOnLineId: string | null }): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO gift_cards (code, kind, initial_minor, balance_minor, currency, client_id, location_id, sold_on_ticket_id, sold_on_line_id, issued_at, expires_at)
       VALUES ($1, $2, $3, 0, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [c.code, c.kind, c.initialMinor, c.currency, c.clientId, c.locationId, c.soldOnTicketId, c.soldOnLineId, c.issuedAt, c.expiresAt],
    );
    return rows[0]!.id;
  }

  /**
   * Moves a card's balance by `delta` and answers the balance after, or null when a taking would
   * go below zero or the card has expired. One conditional UPDATE: it waits for another desk's lock
   * on the row and re-reads it, so of two desks taking the last balance one finds nothing.
   */
  async moveBalance(m: EntityManager, id: string, delta: number, now: Date): Promise<number | null> {
    const [rows] = (await m.query(
      `UPDATE gift_cards SET balance_minor = balance_minor + $2
       WHERE id = $1 AND balance_minor + $2 >= 0 AND ($2 >= 0 OR expires_at IS NULL OR expires_at > $3) RETURNING balance_minor AS "balanceMinor"`,
      [id, delta, now],
    )) as [{ balanceMinor: number }[], number];
    return rows[0]?.balanceMinor ?? null;
  }

  async insertEntry(
    m: EntityManager,
    e: Omit<GiftCardEntryRow, 'id'> & { refundId?: string | null; createdBy: string | null },
  ): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO gift_card_entries (gift_card_id, kind, amount_minor, balance_after_minor, ticket_id, payment_id, refund_id, reason, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        e.giftCardId,
        e.kind,
        e.amountMinor,
        e.balanceAfterMinor,
        e.ticketId,
        e.paymentId,
        e.refundId ?? null,
        e.reason,
        e.createdBy,
        e.createdAt,
      ],
    );
    return rows[0]!.id;
  }

  /** The card a gift card tender took value from. */
  async cardOfPayment(m: EntityManager, paymentId: string): Promise<string | null> {
    const rows: { id: string }[] = await m.query(
      `SELECT gift_card_id AS id FROM gift_card_entries WHERE payment_id = $1 AND kind = 'redeemed' LIMIT 1`,
      [paymentId],
    );
    return rows[0]?.id ?? null;
  }

  /** Whether the card's balance is the sum of its ledger (the reconciliation tests and reports check it). */
  async unreconciled(m?: EntityManager): Promise<{ id: string; balanceMinor: number; ledgerMinor: number }[]> {
    return this.q(m).query(
      `SELECT c.id, c.balance_minor AS "balanceMinor", COALESCE(sum(e.amount_minor), 0)::int AS "ledgerMinor"
       FROM gift_cards c LEFT JOIN gift_card_entries e ON e.gift_card_id = c.id
       GROUP BY c.id HAVING c.balance_minor <> COALESCE(sum(e.amount_minor), 0)`,
    );
  }

  /** The cards a ticket sold, locked, each with whether it was voided already: what a void of the ticket decides on. */
  async soldOnForVoid(m: EntityManager, ticketId: string): Promise<(GiftCardRow & { soldOnLineId: string | null; voided: boolean })[]> {
    return m.query(
      `SELECT ${CARD}, c.sold_on_line_id AS "soldOnLineId",
         EXISTS (SELECT 1 FROM gift_card_entries e WHERE e.gift_card_id = c.id AND e.kind = 'voided') AS voided
       FROM gift_cards c WHERE c.sold_on_ticket_id = $1 ORDER BY c.issued_at, c.id FOR UPDATE OF c`,
      [ticketId],
    );
  }

  /** Cards past their expiry with value left, locked (another run skips them): the expiry job's batch. */
  async expiring(m: EntityManager, now: Date, limit: number): Promise<GiftCardRow[]> {
    return m.query(
      `SELECT ${CARD} FROM gift_cards c WHERE c.balance_minor > 0 AND c.expires_at IS NOT NULL AND c.expires_at <= $1
       ORDER BY c.expires_at, c.id LIMIT $2 FOR UPDATE OF c SKIP LOCKED`,
      [now, limit],
    );
  }

  /**
   * Takes `amountMinor` off a card whatever its expiry (a void or the expiry itself); null when the
   * balance moved since it was read (the caller holds the row's lock, so it does not).
   */
  async take(m: EntityManager, id: string, amountMinor: number): Promise<number | null> {
    const [rows] = (await m.query(
      `UPDATE gift_cards SET balance_minor = balance_minor - $2 WHERE id = $1 AND balance_minor - $2 >= 0 RETURNING balance_minor AS "balanceMinor"`,
      [id, amountMinor],
    )) as [{ balanceMinor: number }[], number];
    return rows[0]?.balanceMinor ?? null;
  }
}
