import { Injectable } from '@nestjs/common';
import type { CreditEntryKind, MembershipBilling, MembershipStatus, PrepaidPlanKind } from '@salon/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface ClientPrepaidRow {
  id: string;
  planId: string;
  planName: string;
  kind: PrepaidPlanKind;
  clientId: string;
  locationId: string;
  status: MembershipStatus;
  creditsLeft: number;
  creditsPerPeriod: number;
  serviceIds: string[];
  discountBps: number;
  periodStart: Date;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  soldOnTicketId: string | null;
  version: number;
  billing: MembershipBilling;
  /** The saved card (Stripe PaymentMethod) its subscription charges. */
  billingCardId: string | null;
  subscriptionId: string | null;
  subscriptionItemId: string | null;
}

/** A Stripe-billed membership whose subscription is still to make, with what making it needs. */
export interface UnbilledRow extends ClientPrepaidRow {
  customerId: string | null;
  currency: string;
}

export interface CreditEntryRow {
  id: string;
  clientPrepaidId: string;
  kind: CreditEntryKind;
  credits: number;
  creditsAfter: number;
  ticketId: string | null;
  ticketLineId: string | null;
  lineName: string | null;
  paymentId: string | null;
  createdAt: Date;
}

const HELD = `h.id, h.plan_id AS "planId", p.name AS "planName", h.kind, h.client_id AS "clientId", h.location_id AS "locationId", h.status,
  h.credits_left AS "creditsLeft", h.credits_per_period AS "creditsPerPeriod", h.service_ids AS "serviceIds", h.discount_bps AS "discountBps",
  h.period_start AS "periodStart", h.period_end AS "periodEnd", h.cancel_at_period_end AS "cancelAtPeriodEnd",
  h.sold_on_ticket_id AS "soldOnTicketId", h.version, h.billing, h.billing_card_id AS "billingCardId",
  h.stripe_subscription_id AS "subscriptionId", h.stripe_subscription_item_id AS "subscriptionItemId"`;
const ENTRY = `id, client_prepaid_id AS "clientPrepaidId", kind, credits, credits_after AS "creditsAfter", ticket_id AS "ticketId",
  ticket_line_id AS "ticketLineId", line_name AS "lineName", payment_id AS "paymentId", created_at AS "createdAt"`;

/** Memberships and packages clients hold, and their credit ledger (`prepaid_credit_entries`, append-only). */
@Injectable()
export class PrepaidRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager) {
    return m ?? this.dataSource.manager;
  }

  async list(f: { clientId?: string; kind?: PrepaidPlanKind }, m?: EntityManager): Promise<ClientPrepaidRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.clientId) where.push(`h.client_id = $${params.push(f.clientId)}`);
    if (f.kind) where.push(`h.kind = $${params.push(f.kind)}`);
    return this.q(m).query(
      `SELECT ${HELD} FROM client_prepaids h JOIN prepaid_plans p ON p.id = h.plan_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY h.created_at DESC, h.id LIMIT 500`,
      params,
    );
  }

  async find(id: string, m?: EntityManager, lock = false): Promise<ClientPrepaidRow | null> {
    const rows: ClientPrepaidRow[] = await this.q(m).query(
      `SELECT ${HELD} FROM client_prepaids h JOIN prepaid_plans p ON p.id = h.plan_id WHERE h.id = $1 ${lock ? 'FOR UPDATE OF h' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async insert(
    m: EntityManager,
    h: Omit<
      ClientPrepaidRow,
      'id' | 'planName' | 'version' | 'creditsLeft' | 'cancelAtPeriodEnd' | 'subscriptionId' | 'subscriptionItemId'
    > & {
      soldOnLineId: string | null;
      createdAt: Date;
    },
  ): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO client_prepaids (plan_id, kind, client_id, location_id, status, credits_left, credits_per_period, service_ids, discount_bps,
         period_start, period_end, sold_on_ticket_id, sold_on_line_id, created_at, billing, billing_card_id)
       VALUES ($1, $2, $3, $4, $5, 0, $6, $7::uuid[], $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        h.planId,
        h.kind,
        h.clientId,
        h.locationId,
        h.status,
        h.creditsPerPeriod,
        h.serviceIds,
        h.discountBps,
        h.periodStart,
        h.periodEnd,
        h.soldOnTicketId,
        h.soldOnLineId,
        h.createdAt,
        h.billing,
        h.billingCardId,
      ],
    );
    return rows[0]!.id;
  }

  /** Moves the credits by `delta`; null when a taking would go below zero (the other desk took the last one). */
  async moveCredits(m: EntityManager, id: string, delta: number): Promise<number | null> {
    const [rows] = (await m.query(
      `UPDATE client_prepaids SET credits_left = credits_left + $2, version = version + 1
       WHERE id = $1 AND credits_left + $2 >= 0 RETURNING credits_left AS "creditsLeft"`,
      [id, delta],
    )) as [{ creditsLeft: number }[], number];
    return rows[0]?.creditsLeft ?? null;
  }

  async saveState(
    m: EntityManager,
    id: string,
    s: Pick<ClientPrepaidRow, 'status' | 'periodStart' | 'periodEnd' | 'cancelAtPeriodEnd'>,
  ): Promise<void> {
    await m.query(
      `UPDATE client_prepaids SET status = $2, period_start = $3, period_end = $4, cancel_at_period_end = $5, version = version + 1 WHERE id = $1`,
      [id, s.status, s.periodStart, s.periodEnd, s.cancelAtPeriodEnd],
    );
  }

  async insertEntry(m: EntityManager, e: Omit<CreditEntryRow, 'id'> & { createdBy: string | null }): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO prepaid_credit_entries (client_prepaid_id, kind, credits, credits_after, ticket_id, ticket_line_id, line_name, payment_id, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [e.clientPrepaidId, e.kind, e.credits, e.creditsAfter, e.ticketId, e.ticketLineId, e.lineName, e.paymentId, e.createdBy, e.createdAt],
    );
    return rows[0]!.id;
  }

  async entriesOf(ids: readonly string[], m?: EntityManager): Promise<Map<string, CreditEntryRow[]>> {
    const out = new Map<string, CreditEntryRow[]>(ids.map((id) => [id, []]));
    if (!ids.length) return out;
    const rows: CreditEntryRow[] = await this.q(m).query(
      `SELECT ${ENTRY} FROM prepaid_credit_entries WHERE client_prepaid_id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [ids],
    );
    for (const r of rows) out.get(r.clientPrepaidId)?.push(r);
    return out;
  }

  /** The redemption a credit tender made. */
  async redemptionOf(m: EntityManager, paymentId: string): Promise<CreditEntryRow | null> {
    const rows: CreditEntryRow[] = await m.query(
      `SELECT ${ENTRY} FROM prepaid_credit_entries WHERE payment_id = $1 AND kind = 'redeemed'`,
      [paymentId],
    );
    return rows[0] ?? null;
  }

  /** Lines of a ticket a credit pays now (redeemed and not given back). */
  async coveredLines(ticketId: string, m?: EntityManager): Promise<string[]> {
    const rows: { lineId: string }[] = await this.q(m).query(
      `SELECT ticket_line_id AS "lineId" FROM prepaid_credit_entries WHERE ticket_id = $1 AND ticket_line_id IS NOT NULL
       GROUP BY ticket_line_id HAVING sum(CASE WHEN kind = 'redeemed' THEN 1 WHEN kind = 'restored' THEN -1 ELSE 0 END) > 0`,
      [ticketId],
    );
    return rows.map((r) => r.lineId);
  }

  /**
   * The memberships and packages a ticket sold, locked, with the sessions used (redeemed less
   * restored) and whether they were voided already: what a void of the ticket decides on.
   */
  async soldOnForVoid(
    m: EntityManager,
    ticketId: string,
  ): Promise<(ClientPrepaidRow & { soldOnLineId: string | null; sessionsUsed: number; voided: boolean })[]> {
    return m.query(
      `SELECT ${HELD}, h.sold_on_line_id AS "soldOnLineId",
         (SELECT COALESCE(sum(CASE WHEN e.kind = 'redeemed' THEN 1 WHEN e.kind = 'restored' THEN -1 ELSE 0 END), 0)::int
            FROM prepaid_credit_entries e WHERE e.client_prepaid_id = h.id) AS "sessionsUsed",
         EXISTS (SELECT 1 FROM prepaid_credit_entries e WHERE e.client_prepaid_id = h.id AND e.kind = 'voided') AS voided
       FROM client_prepaids h JOIN prepaid_plans p ON p.id = h.plan_id
       WHERE h.sold_on_ticket_id = $1 ORDER BY h.created_at, h.id FOR UPDATE OF h`,
      [ticketId],
    );
  }

  /**
   * Stripe-billed memberships whose subscription is still to make (the sale's transaction only
   * marks them: no call to Stripe inside it), oldest first, locked so two runs never make two.
   */
  async unbilled(m: EntityManager, limit: number, soldOnTicketId?: string): Promise<UnbilledRow[]> {
    return m.query(
      `SELECT ${HELD}, c.customer_id AS "customerId", COALESCE(t.currency, 'USD') AS currency
       FROM client_prepaids h JOIN prepaid_plans p ON p.id = h.plan_id
       LEFT JOIN card_customers c ON c.client_id = h.client_id LEFT JOIN tickets t ON t.id = h.sold_on_ticket_id
       WHERE h.billing = 'stripe' AND h.stripe_subscription_id IS NULL ${soldOnTicketId ? 'AND h.sold_on_ticket_id = $2' : ''}
       ORDER BY h.created_at, h.id LIMIT $1 FOR UPDATE OF h SKIP LOCKED`,
      soldOnTicketId ? [limit, soldOnTicketId] : [limit],
    );
  }

  async saveSubscription(m: EntityManager, id: string, subscriptionId: string, itemId: string): Promise<void> {
    await m.query(
      `UPDATE client_prepaids SET stripe_subscription_id = $2, stripe_subscription_item_id = $3, version = version + 1 WHERE id = $1`,
      [id, subscriptionId, itemId],
    );
  }

  /** Billing cannot start (the membership ended first, or its first period ran out unbilled): the desk renews it. */
  async stopBilling(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE client_prepaids SET billing = 'none', billing_card_id = NULL, version = version + 1 WHERE id = $1`, [id]);
  }

  async bySubscription(m: EntityManager, subscriptionId: string): Promise<ClientPrepaidRow | null> {
    const rows: ClientPrepaidRow[] = await m.query(
      `SELECT ${HELD} FROM client_prepaids h JOIN prepaid_plans p ON p.id = h.plan_id WHERE h.stripe_subscription_id = $1 FOR UPDATE OF h`,
      [subscriptionId],
    );
    return rows[0] ?? null;
  }

  /** The currency it was sold in (its ticket's; the demo's, sold on no ticket, USD). */
  async currencyOf(m: EntityManager, id: string): Promise<string> {
    const rows: { currency: string }[] = await m.query(
      `SELECT COALESCE(t.currency, 'USD') AS currency FROM client_prepaids h LEFT JOIN tickets t ON t.id = h.sold_on_ticket_id WHERE h.id = $1`,
      [id],
    );
    return rows[0]?.currency ?? 'USD';
  }

  /** The plan's benefits from now on (credits per period, covered services, discount). */
  async changePlan(
    m: EntityManager,
    id: string,
    p: { planId: string; creditsPerPeriod: number; serviceIds: string[]; discountBps: number },
  ) {
    await m.query(
      `UPDATE client_prepaids SET plan_id = $2, credits_per_period = $3, service_ids = $4::uuid[], discount_bps = $5, version = version + 1
       WHERE id = $1`,
      [id, p.planId, p.creditsPerPeriod, p.serviceIds, p.discountBps],
    );
  }

  /** Packages past their expiry with sessions left, locked (another run skips them): the expiry job's batch. */
  async expiringPackages(m: EntityManager, now: Date, limit: number): Promise<ClientPrepaidRow[]> {
    return m.query(
      `SELECT ${HELD} FROM client_prepaids h JOIN prepaid_plans p ON p.id = h.plan_id
       WHERE h.kind = 'package' AND h.status <> 'cancelled' AND h.credits_left > 0 AND h.period_end IS NOT NULL AND h.period_end <= $1
       ORDER BY h.period_end, h.id LIMIT $2 FOR UPDATE OF h SKIP LOCKED`,
      [now, limit],
    );
  }
}
