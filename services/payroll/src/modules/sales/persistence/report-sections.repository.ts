import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@salon/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The projections of the newer report sections, written in each event's inbox transaction (and
 * by a rebuild): working weeks, gift cards with their value's movements, memberships, automation
 * sends. Every write
 * is keyed by the event's own ids, so a republished event counts once.
 */
@Injectable()
export class ReportSectionsRepository {
  /** A person's week at a location from the event's instant on (the week as a whole, never merged). */
  async workingWeek(m: EntityManager, at: string, p: EventPayload<'scheduling.working-hours.changed.v1'>): Promise<void> {
    await m.query(
      `INSERT INTO report_working_weeks (staff_id, location_id, effective_at, intervals) VALUES ($1, $2, $3, $4)
       ON CONFLICT (staff_id, location_id, effective_at) DO UPDATE SET intervals = EXCLUDED.intervals`,
      [p.staffId, p.locationId, at, JSON.stringify(p.intervals)],
    );
  }

  async giftCardIssued(
    m: EntityManager,
    locationId: string | null,
    at: string,
    p: EventPayload<'retail.gift-card.issued.v1'>,
  ): Promise<void> {
    await m.query(
      `INSERT INTO report_gift_cards (gift_card_id, location_id, currency, issued_at, expires_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (gift_card_id) DO NOTHING`,
      [p.giftCardId, locationId, p.currency, at, p.expiresAt],
    );
    await this.movement(m, `issued:${p.giftCardId}`, p.giftCardId, null, 'issued', p.amountMinor, at);
  }

  async giftCardRedeemed(m: EntityManager, at: string, p: EventPayload<'retail.gift-card.redeemed.v1'>): Promise<void> {
    await this.movement(m, `redeemed:${p.paymentId}`, p.giftCardId, p.paymentId, 'redeemed', -Math.abs(p.amountMinor), at);
  }

  /** A refund of a gift-card payment: the value goes back onto the card that payment redeemed. */
  async giftCardRefunded(m: EntityManager, at: string, p: EventPayload<'retail.payment.refunded.v1'>): Promise<void> {
    await this.movement(m, `refunded:${p.refundId}`, null, p.paymentId, 'refunded', Math.abs(p.amountMinor), at);
  }

  /** Voided by refunding the ticket that sold it: what was left is taken off (an adjustment in the report). */
  async giftCardVoided(m: EntityManager, at: string, p: EventPayload<'retail.gift-card.voided.v1'>): Promise<void> {
    await this.movement(m, `voided:${p.giftCardId}`, p.giftCardId, null, 'voided', -Math.abs(p.amountMinor), at);
  }

  private async movement(
    m: EntityManager,
    key: string,
    giftCardId: string | null,
    paymentId: string | null,
    kind: string,
    amountMinor: number,
    at: string,
  ): Promise<void> {
    await m.query(
      `INSERT INTO report_gift_card_movements (movement_key, gift_card_id, payment_id, kind, amount_minor, at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (movement_key) DO NOTHING`,
      [key, giftCardId, paymentId, kind, amountMinor, at],
    );
  }

  async membershipStarted(
    m: EntityManager,
    locationId: string | null,
    at: string,
    p: EventPayload<'retail.membership.started.v1'>,
  ): Promise<void> {
    await m.query(
      `INSERT INTO report_memberships (membership_id, plan_id, plan_name, price_minor, period, currency, client_id, location_id, started_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (membership_id) DO UPDATE SET plan_id = EXCLUDED.plan_id, plan_name = EXCLUDED.plan_name,
         price_minor = EXCLUDED.price_minor, period = EXCLUDED.period, currency = EXCLUDED.currency, client_id = EXCLUDED.client_id,
         location_id = EXCLUDED.location_id, started_at = LEAST(report_memberships.started_at, EXCLUDED.started_at)`,
      [
        p.membershipId,
        p.planId,
        p.planName ?? null,
        p.priceMinor ?? null,
        p.period ?? null,
        p.currency ?? null,
        p.clientId,
        locationId,
        at,
      ],
    );
  }

  /** The plan a membership is on from `at` (a repeated delivery writes nothing). */
  async membershipPlanChanged(m: EntityManager, at: string, p: EventPayload<'retail.membership.plan-changed.v1'>): Promise<void> {
    await m.query(
      `INSERT INTO report_membership_plan_changes (membership_id, at, plan_id, plan_name, price_minor, period, currency)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (membership_id, at) DO NOTHING`,
      [p.membershipId, at, p.planId, p.planName, p.priceMinor, p.period, p.currency],
    );
  }

  /** Cancelled from its effective instant (the first cancellation told stands). */
  async membershipCancelled(m: EntityManager, locationId: string | null, p: EventPayload<'retail.membership.cancelled.v1'>): Promise<void> {
    await m.query(
      `INSERT INTO report_memberships (membership_id, client_id, location_id, cancelled_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (membership_id) DO UPDATE SET cancelled_at = COALESCE(report_memberships.cancelled_at, EXCLUDED.cancelled_at)`,
      [p.membershipId, p.clientId, locationId, p.effectiveAt],
    );
  }

  /** One automation send's outcome (the latest told stands). */
  async automationFinished(
    m: EntityManager,
    locationId: string | null,
    p: EventPayload<'messaging.automation.finished.v1'>,
  ): Promise<void> {
    await m.query(
      `INSERT INTO report_automation_sends (send_id, kind, location_id, outcome, channels, at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (send_id) DO UPDATE SET kind = EXCLUDED.kind, location_id = EXCLUDED.location_id, outcome = EXCLUDED.outcome,
         channels = EXCLUDED.channels, at = EXCLUDED.at WHERE EXCLUDED.at >= report_automation_sends.at`,
      [p.sendId, p.kind, locationId, p.outcome, p.channels, p.at],
    );
  }
}
