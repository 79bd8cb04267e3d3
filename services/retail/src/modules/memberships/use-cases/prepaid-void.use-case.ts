import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { ConflictError, OutboxWriter, ValidationFailedError } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { maskCode, statusOf } from '../../gift-cards/domain/gift-cards.rules.js';
import { GiftCardRepository } from '../../gift-cards/persistence/gift-card.repository.js';
import { PaymentGateway } from '../../payments/domain/payment-gateway.js';
import { TicketRepository } from '../../tickets/persistence/ticket.repository.js';
import { planVoid, unitShares, type SoldPrepaid } from '../domain/prepaid-void.rules.js';
import { PrepaidRepository } from '../persistence/prepaid.repository.js';

type Actor = EventEnvelope['actor'];
type Ready = { voids: { kind: SoldPrepaid['kind']; id: string; take: number }[] };

/**
 * A refund with `voidPrepaid` voids the gift cards, memberships and packages its ticket sold, in the
 * refund's transaction (domain/prepaid-void.rules.ts decides: never used, refunds enough). The
 * check runs before any money moves (Stripe's refund included); the void after the refund is written.
 */
@Injectable()
export class PrepaidVoidUseCase {
  constructor(
    private readonly cards: GiftCardRepository,
    private readonly held: PrepaidRepository,
    private readonly tickets: TicketRepository,
    private readonly outbox: OutboxWriter,
    private readonly gateway: PaymentGateway,
  ) {}

  /** 409 naming voidPrepaid when something was used; 400 naming the field when the refund is too small or nothing was sold. */
  async check(
    m: EntityManager,
    ticket: { id: string; status: string; refundedMinor: number },
    amountMinor: number,
    now: Date,
  ): Promise<Ready> {
    if (ticket.status !== 'closed')
      throw ValidationFailedError.field('voidPrepaid', 'voids what a closed ticket sold; this ticket is open');
    const lines = await this.tickets.lines(ticket.id, m);
    const shares = new Map(lines.map((l) => [l.id, unitShares(l.totalMinor, l.quantity)]));
    const nextShare = (lineId: string | null) => (lineId ? (shares.get(lineId)?.shift() ?? 0) : 0);
    const sold: SoldPrepaid[] = [];
    for (const c of await this.cards.soldOnForVoid(m, ticket.id))
      sold.push({
        kind: 'gift_card',
        id: c.id,
        label: `Gift card ${maskCode(c.code)}`,
        soldForMinor: nextShare(c.soldOnLineId),
        initialMinor: c.initialMinor,
        balanceMinor: c.balanceMinor,
        expired: statusOf(c, now) === 'expired',
        voided: c.voided,
      });
    for (const h of await this.held.soldOnForVoid(m, ticket.id))
      sold.push({
        kind: h.kind,
        id: h.id,
        label: h.planName,
        soldForMinor: nextShare(h.soldOnLineId),
        creditsLeft: h.creditsLeft,
        sessionsUsed: h.sessionsUsed,
        voided: h.voided,
      });
    const plan = planVoid(sold, ticket.refundedMinor + amountMinor);
    if (!plan.ok) {
      if (plan.kind === 'state') throw new ConflictError(plan.message, undefined, plan.field);
      throw ValidationFailedError.field(plan.field, plan.message);
    }
    return plan;
  }

  /** Writes the voids: a card's balance to zero, a membership's or package's credits to zero and its status cancelled. */
  async apply(
    m: EntityManager,
    ticket: { id: string; locationId: string },
    ready: Ready,
    r: { refundId: string; actor: Actor; createdBy: string | null; now: Date },
  ): Promise<void> {
    for (const v of ready.voids) {
      if (v.kind === 'gift_card') {
        const after = v.take > 0 ? await this.cards.take(m, v.id, v.take) : 0;
        if (after === null) throw new ConflictError('This gift card was just used at another desk; try again', undefined, 'voidPrepaid');
        // A card with nothing on it still gets its entry only when value moves (entries are never zero).
        if (v.take > 0)
          await this.cards.insertEntry(m, {
            giftCardId: v.id,
            kind: 'voided',
            amountMinor: -v.take,
            balanceAfterMinor: after,
            ticketId: ticket.id,
            paymentId: null,
            refundId: r.refundId,
            reason: 'Voided: the ticket that sold it was refunded',
            createdBy: r.createdBy,
            createdAt: r.now,
          });
        if (v.take > 0) {
          const card = (await this.cards.find(v.id, m))!;
          await this.outbox.append(m, {
            type: 'retail.gift-card.voided.v1',
            aggregateType: 'gift-card',
            aggregateId: v.id,
            locationId: ticket.locationId,
            actor: r.actor,
            occurredAt: r.now,
            payload: {
              giftCardId: v.id,
              ticketId: ticket.id,
              refundId: r.refundId,
              amountMinor: v.take,
              balanceAfterMinor: after!,
              currency: card.currency,
            },
          });
        }
        continue;
      }
      const row = (await this.held.find(v.id, m, true))!;
      // A voided membership is not billed again: its subscription ends now (one still to make is never made: it is cancelled).
      if (row.billing === 'stripe' && row.subscriptionId)
        await this.gateway.cancelSubscription(row.subscriptionId, `retail-membership-${v.id}-void`);
      await this.held.saveState(m, v.id, { status: 'cancelled', periodStart: row.periodStart, periodEnd: r.now, cancelAtPeriodEnd: false });
      if (v.take > 0) {
        const after = await this.held.moveCredits(m, v.id, -v.take);
        if (after === null) throw new ConflictError('A session was just used at another desk; try again', undefined, 'voidPrepaid');
        await this.held.insertEntry(m, {
          clientPrepaidId: v.id,
          kind: 'voided',
          credits: -v.take,
          creditsAfter: after,
          ticketId: ticket.id,
          ticketLineId: null,
          lineName: null,
          paymentId: null,
          createdBy: r.createdBy,
          createdAt: r.now,
        });
      }
      if (v.kind === 'package')
        await this.outbox.append(m, {
          type: 'retail.package.voided.v1',
          aggregateType: 'client-prepaid',
          aggregateId: v.id,
          locationId: ticket.locationId,
          actor: r.actor,
          occurredAt: r.now,
          payload: { packageId: v.id, clientId: row.clientId, ticketId: ticket.id, refundId: r.refundId, creditsVoided: v.take },
        });
      if (v.kind === 'membership')
        await this.outbox.append(m, {
          type: 'retail.membership.cancelled.v1',
          aggregateType: 'client-prepaid',
          aggregateId: v.id,
          locationId: ticket.locationId,
          actor: r.actor,
          payload: { membershipId: v.id, clientId: row.clientId, effectiveAt: r.now.toISOString() },
        });
    }
  }
}
