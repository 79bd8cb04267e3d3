import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AutomationCount } from '../domain/automations.rules.js';
import type { GiftCard, GiftCardMovement } from '../domain/gift-cards.rules.js';
import type { Membership, PlanChange } from '../domain/memberships.rules.js';
import type { DayFigures } from '../domain/reports.rules.js';
import type { WeekVersion } from '../domain/utilisation.rules.js';

/** A report's range: local dates (each location's zone), a location or all, and the zone of locations without one. */
export interface ReportRange {
  from: string;
  to: string;
  locationId: string | null;
  defaultZone: string;
}

export type DayRow = DayFigures;
export interface KeyedRow {
  key: string;
  label: string;
  count: number;
  amountMinor: number;
}
export interface RefundDayRow {
  date: string;
  amountMinor: number;
}
export interface StaffSalesRow {
  staffId: string;
  revenueMinor: number;
  services: number;
  tickets: number;
}
export interface StaffAppointmentsRow {
  staffId: string;
  completed: number;
  rebooked: number;
}

/**
 * The reports' reads over payroll's projections (sales_*, appointments, report_*), never
 * other services' tables. Every query takes the range as local dates: the UTC window is widened by
 * a day either side (no zone is further than 14 hours) and the local date filter is exact.
 */
@Injectable()
export class ReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q<T>(text: string, r: ReportRange): Promise<T[]> {
    return this.dataSource.query(text, this.params(r));
  }

  /**
   * The range as instants per location: from the start of its first local day to the start of the
   * day after its last, in the location's zone (`win`), or the default zone for a location without
   * one (`dflt`). A row's local date is in the range exactly when its instant is in its location's
   * window, so the sections compare instants instead of converting every row to a local date (that
   * conversion was a third of each section's time in the bench's profile).
   */
  private static readonly WINDOWS = `
    win AS (
      SELECT location_id, time_zone AS zone, ($3::date::timestamp AT TIME ZONE time_zone) AS lo,
             (($4::date + 1)::timestamp AT TIME ZONE time_zone) AS hi
      FROM locations WHERE time_zone IS NOT NULL
    ),
    dflt AS (SELECT $6::text AS zone, ($3::date::timestamp AT TIME ZONE $6::text) AS lo, (($4::date + 1)::timestamp AT TIME ZONE $6::text) AS hi)`;

  /** The rows of `alias` whose instant (`at`) falls in the range at their location (`loc`); `zone` is theirs. */
  private static inWindow(alias: string, at: string, loc: string): string {
    return `LEFT JOIN win ON win.location_id = ${alias}.${loc} CROSS JOIN dflt
      WHERE ${alias}.${at} >= $1 AND ${alias}.${at} < $2 AND ($5::uuid IS NULL OR ${alias}.${loc} = $5::uuid)
        AND ${alias}.${at} >= COALESCE(win.lo, dflt.lo) AND ${alias}.${at} < COALESCE(win.hi, dflt.hi)`;
  }

  /** The range's tickets, with their location's zone (a CTE every sales query starts from). */
  private static readonly TICKETS = `${ReportsRepository.WINDOWS},
    tr AS (SELECT t.*, COALESCE(win.zone, dflt.zone) AS zone FROM sales_tickets t ${ReportsRepository.inWindow('t', 'closed_at', 'location_id')})`;

  /**
   * The range's lines, tips or payments, by their ticket's close instant and location (copied onto each row):
   * read from their own covering index, never probed ticket by ticket.
   */
  private static ofTickets(table: 'sales_lines' | 'sales_tips' | 'sales_payments', name: string): string {
    return `${ReportsRepository.WINDOWS},
    ${name} AS (SELECT x.* FROM ${table} x ${ReportsRepository.inWindow('x', 'closed_at', 'location_id')})`;
  }

  salesByDay(r: ReportRange): Promise<DayRow[]> {
    return this.q(
      `WITH ${ReportsRepository.TICKETS}
       SELECT (closed_at AT TIME ZONE zone)::date::text AS date, count(*)::int AS tickets,
              sum(total_minor - tip_minor - tax_minor)::int AS "salesMinor", sum(tip_minor)::int AS "tipsMinor",
              sum(discount_minor)::int AS "discountMinor", sum(tax_minor)::int AS "taxMinor"
       FROM tr GROUP BY 1 ORDER BY 1`,
      r,
    );
  }

  refundsByDay(r: ReportRange): Promise<RefundDayRow[]> {
    return this.q(
      `SELECT d.local_date::text AS date, sum(d.amount_minor)::int AS "amountMinor" FROM (
         SELECT rf.amount_minor, (rf.refunded_at AT TIME ZONE COALESCE(l.time_zone, $6))::date AS local_date
         FROM sales_refunds rf LEFT JOIN sales_tickets t ON t.ticket_id = rf.ticket_id
         LEFT JOIN locations l ON l.location_id = COALESCE(rf.location_id, t.location_id)
         WHERE rf.refunded_at >= $1 AND rf.refunded_at < $2 AND ($5::uuid IS NULL OR COALESCE(rf.location_id, t.location_id) = $5::uuid)
       ) d WHERE d.local_date BETWEEN $3::date AND $4::date GROUP BY d.local_date ORDER BY d.local_date`,
      r,
    );
  }

  /** Ticket lines by kind (key) with their count (quantity) and net. */
  linesByKind(r: ReportRange): Promise<KeyedRow[]> {
    return this.q(
      `WITH ${ReportsRepository.ofTickets('sales_lines', 'l')}
       SELECT l.kind AS key, l.kind AS label, sum(l.quantity)::int AS count, sum(l.net_minor)::int AS "amountMinor"
       FROM l GROUP BY l.kind ORDER BY l.kind`,
      r,
    );
  }

  /** Service or product lines, by service/product (name when the line has no id), largest first. */
  linesByItem(r: ReportRange, kind: 'service' | 'product'): Promise<KeyedRow[]> {
    const id = kind === 'service' ? 'service_id' : 'product_id';
    return this.dataSource.query(
      `WITH ${ReportsRepository.ofTickets('sales_lines', 'l')}
       SELECT COALESCE(l.${id}::text, l.name) AS key, min(l.name) AS label, sum(l.quantity)::int AS count, sum(l.net_minor)::int AS "amountMinor"
       FROM l WHERE l.kind = $7
       GROUP BY 1 ORDER BY 4 DESC, 2`,
      [...this.params(r), kind],
    );
  }

  /** What the range's tickets were paid with (tips included). */
  paymentsByMethod(r: ReportRange): Promise<KeyedRow[]> {
    return this.q(
      `WITH ${ReportsRepository.ofTickets('sales_payments', 'p')}
       SELECT p.method AS key, p.method AS label, count(*)::int AS count, sum(p.amount_minor)::int AS "amountMinor"
       FROM p GROUP BY p.method ORDER BY 4 DESC`,
      r,
    );
  }

  salesByLocation(r: ReportRange): Promise<KeyedRow[]> {
    return this.q(
      `WITH ${ReportsRepository.TICKETS}
       SELECT COALESCE(tr.location_id::text, '') AS key, COALESCE(min(l.name), 'Unknown location') AS label, count(*)::int AS count,
              sum(tr.total_minor - tr.tip_minor - tr.tax_minor)::int AS "amountMinor"
       FROM tr LEFT JOIN locations l ON l.location_id = tr.location_id GROUP BY tr.location_id ORDER BY 4 DESC`,
      r,
    );
  }

  staffSales(r: ReportRange): Promise<StaffSalesRow[]> {
    return this.q(
      `WITH ${ReportsRepository.ofTickets('sales_lines', 'l')}
       SELECT l.staff_id::text AS "staffId", sum(l.net_minor)::int AS "revenueMinor",
              COALESCE(sum(l.quantity) FILTER (WHERE l.kind = 'service'), 0)::int AS services, count(DISTINCT l.ticket_id)::int AS tickets
       FROM l WHERE l.staff_id IS NOT NULL GROUP BY l.staff_id`,
      r,
    );
  }

  staffTips(r: ReportRange): Promise<{ staffId: string; tipsMinor: number }[]> {
    return this.q(
      `WITH ${ReportsRepository.ofTickets('sales_tips', 's')}
       SELECT s.staff_id::text AS "staffId", sum(s.amount_minor)::int AS "tipsMinor" FROM s GROUP BY s.staff_id`,
      r,
    );
  }

  /** The range's appointments (by local start date) counted by status, by source, and by staff. */
  appointmentCounts(r: ReportRange): Promise<{ staffId: string | null; status: string; online: boolean; n: number }[]> {
    return this.q(
      `WITH ${ReportsRepository.WINDOWS}
       SELECT a.staff_id::text AS "staffId", a.status, (a.source = 'online') AS online, count(*)::int AS n
       FROM appointments a ${ReportsRepository.inWindow('a', 'starts_at', 'location_id')}
       GROUP BY 1, 2, 3`,
      r,
    );
  }

  /** Completed appointments of the range per staff, and how many of their clients have a later one (not cancelled). */
  rebooking(r: ReportRange): Promise<StaffAppointmentsRow[]> {
    return this.q(
      `WITH ${ReportsRepository.WINDOWS}
       SELECT a.staff_id::text AS "staffId", count(*)::int AS completed,
              count(*) FILTER (WHERE EXISTS (
                SELECT 1 FROM appointments n WHERE n.client_id = a.client_id AND n.starts_at > a.starts_at AND n.status <> 'cancelled'
              ))::int AS rebooked
       FROM appointments a ${ReportsRepository.inWindow('a', 'starts_at', 'location_id')} AND a.status = 'completed'
       GROUP BY a.staff_id`,
      r,
    );
  }

  /** Minutes of the range's appointments (by local start date) that are not cancelled, per staff. */
  bookedMinutes(r: ReportRange): Promise<{ staffId: string; bookedMinutes: number }[]> {
    return this.q(
      `WITH ${ReportsRepository.WINDOWS}
       SELECT a.staff_id::text AS "staffId", round(sum(extract(epoch FROM (a.ends_at - a.starts_at))) / 60)::int AS "bookedMinutes"
       FROM appointments a ${ReportsRepository.inWindow('a', 'starts_at', 'location_id')}
         AND a.status <> 'cancelled' AND a.ends_at IS NOT NULL AND a.staff_id IS NOT NULL
       GROUP BY a.staff_id`,
      r,
    );
  }

  /** Every working week published up to the range's end, with the local date it took effect on. */
  workingWeeks(r: ReportRange): Promise<WeekVersion[]> {
    const [, toUtc, , , locationId, zone] = this.params(r);
    return this.dataSource.query(
      `SELECT w.staff_id::text AS "staffId", w.location_id::text AS "locationId",
              (w.effective_at AT TIME ZONE COALESCE(l.time_zone, $3))::date::text AS "effectiveDate", w.intervals
       FROM report_working_weeks w LEFT JOIN locations l ON l.location_id = w.location_id
       WHERE w.effective_at < $1 AND ($2::uuid IS NULL OR w.location_id = $2::uuid)
       ORDER BY w.staff_id, w.location_id, w.effective_at`,
      [toUtc, locationId, zone],
    );
  }

  /** Gift cards issued before `end` (at the location when one is asked for) and their movements before it. */
  async giftCards(locationId: string | null, end: Date): Promise<{ cards: GiftCard[]; movements: GiftCardMovement[] }> {
    const cards: { giftCardId: string; expiresAt: Date | null }[] = await this.dataSource.query(
      `SELECT gift_card_id AS "giftCardId", expires_at AS "expiresAt" FROM report_gift_cards
       WHERE issued_at < $1 AND ($2::uuid IS NULL OR location_id = $2::uuid)`,
      [end, locationId],
    );
    const movements: GiftCardMovement[] = await this.dataSource.query(
      `SELECT COALESCE(mv.gift_card_id, r.gift_card_id) AS "giftCardId", mv.kind, mv.amount_minor AS "amountMinor", mv.at
       FROM report_gift_card_movements mv
       LEFT JOIN report_gift_card_movements r ON mv.gift_card_id IS NULL AND r.kind = 'redeemed' AND r.payment_id = mv.payment_id
       WHERE mv.at < $1 AND COALESCE(mv.gift_card_id, r.gift_card_id) IS NOT NULL`,
      [end],
    );
    return { cards, movements };
  }

  /** Memberships started before `end` (sold at the location when one is asked for). */
  memberships(locationId: string | null, end: Date): Promise<Membership[]> {
    return this.dataSource
      .query(
        `SELECT membership_id AS "membershipId", COALESCE(plan_id, '') AS "planId", plan_name AS "planName", price_minor AS "priceMinor",
              period, started_at AS "startedAt", cancelled_at AS "cancelledAt",
              COALESCE((SELECT json_agg(json_build_object('at', c.at, 'planId', c.plan_id, 'planName', c.plan_name,
                                                          'priceMinor', c.price_minor, 'period', c.period) ORDER BY c.at)
                        FROM report_membership_plan_changes c WHERE c.membership_id = report_memberships.membership_id AND c.at < $1), '[]') AS "planChanges"
       FROM report_memberships WHERE started_at < $1 AND ($2::uuid IS NULL OR location_id = $2::uuid)`,
        [end, locationId],
      )
      .then((rows: (Omit<Membership, 'planChanges'> & { planChanges: (Omit<PlanChange, 'at'> & { at: string })[] })[]) =>
        rows.map((r) => ({ ...r, planChanges: r.planChanges.map((c) => ({ ...c, at: new Date(c.at) })) })),
      );
  }

  /** Automation sends finished in the range (local date in their location's zone), by automation, outcome and channels. */
  automationCounts(r: ReportRange): Promise<AutomationCount[]> {
    return this.q(
      `WITH ${ReportsRepository.WINDOWS}
       SELECT s.kind, s.outcome, s.channels, count(*)::int AS n
       FROM report_automation_sends s ${ReportsRepository.inWindow('s', 'at', 'location_id')}
       GROUP BY 1, 2, 3`,
      r,
    );
  }

  /** Clients with a ticket in the range: their spend, and whether they had bought before it. */
  clientSpend(
    r: ReportRange,
  ): Promise<{ clientId: string; name: string | null; tickets: number; spentMinor: number; returning: boolean }[]> {
    return this.q(
      `WITH ${ReportsRepository.TICKETS},
       c AS (
         SELECT client_id, min(closed_at) AS first_at, count(*)::int AS tickets, sum(total_minor - tip_minor - tax_minor)::int AS spent
         FROM tr WHERE client_id IS NOT NULL GROUP BY client_id
       )
       SELECT c.client_id::text AS "clientId", NULLIF(concat_ws(' ', rc.first_name, rc.last_name), '') AS name, c.tickets,
              c.spent AS "spentMinor",
              EXISTS (SELECT 1 FROM sales_tickets p WHERE p.client_id = c.client_id AND p.closed_at < c.first_at) AS returning
       FROM c LEFT JOIN report_clients rc ON rc.client_id = c.client_id
       ORDER BY c.spent DESC, c.client_id`,
      r,
    );
  }

  /** Clients added in the range (local dates in the default zone: a client belongs to no location). */
  async newClients(r: ReportRange): Promise<number> {
    const [fromUtc, toUtc] = this.params(r);
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM report_clients
       WHERE created_at >= $1 AND created_at < $2 AND (created_at AT TIME ZONE $5)::date BETWEEN $3::date AND $4::date`,
      [fromUtc, toUtc, r.from, r.to, r.defaultZone],
    );
    return (row?.n as number | undefined) ?? 0;
  }

  async currency(): Promise<string> {
    const [row] = await this.dataSource.query(`SELECT currency FROM sales_tickets ORDER BY closed_at DESC LIMIT 1`);
    return (row?.currency as string | undefined)?.trim() ?? 'USD';
  }

  async zoneOf(locationId: string): Promise<string | null> {
    const [row] = await this.dataSource.query(`SELECT time_zone FROM locations WHERE location_id = $1`, [locationId]);
    return (row?.time_zone as string | null | undefined) ?? null;
  }

  private params(r: ReportRange): unknown[] {
    const fromUtc = new Date(Date.parse(`${r.from}T00:00:00Z`) - 86_400_000);
    const toUtc = new Date(Date.parse(`${r.to}T00:00:00Z`) + 2 * 86_400_000);
    return [fromUtc, toUtc, r.from, r.to, r.locationId, r.defaultZone];
  }
}
