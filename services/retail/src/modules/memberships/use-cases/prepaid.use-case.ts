import { Injectable } from '@nestjs/common';
import {
  clientPrepaidListQuerySchema,
  isUuid,
  membershipActionInputSchema,
  prepaidPlanInputSchema,
  type ClientPrepaidView,
  type EventEnvelope,
  type PrepaidPlanView,
  type PrepaidSuggestion,
} from '@salon/contracts';
import { ConflictError, NotFoundError, OutboxWriter, parseInput, ValidationFailedError } from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { GiftCardRepository } from '../../gift-cards/persistence/gift-card.repository.js';
import { statusOf } from '../../gift-cards/domain/gift-cards.rules.js';
import { TicketRepository, type LineRow } from '../../tickets/persistence/ticket.repository.js';
import { CardDeclinedError, PaymentGateway } from '../../payments/domain/payment-gateway.js';
import { CardAccountsRepository } from '../../payments/persistence/card-accounts.repository.js';
import { billingOf, subscriptionChangeOf } from '../domain/membership-billing.rules.js';
import {
  creditRefusal,
  membershipTransition,
  packageStatus,
  periodEndOf,
  type MembershipEvent,
  type Transition,
} from '../domain/memberships.rules.js';
import { expiryAtLocalDayEnd } from '../domain/prepaid-expiry.rules.js';
import { allocatePrepaid } from '../domain/prepaid-allocation.rules.js';
import { PlanRepository, type PlanRow } from '../persistence/plan.repository.js';
import { PrepaidRepository, type ClientPrepaidRow, type CreditEntryRow } from '../persistence/prepaid.repository.js';

type Actor = EventEnvelope['actor'];
const byOf = (actor: Actor) => (actor.type === 'user' ? actor.id : null);

export function toPlanView(p: PlanRow): PrepaidPlanView {
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    priceMinor: p.priceMinor,
    period: p.period,
    credits: p.credits,
    serviceIds: p.serviceIds,
    discountPercent: p.discountBps / 100,
    validityDays: p.validityDays,
    priorityBookingDays: p.priorityDays,
    active: p.active,
  };
}

export function toHeldView(h: ClientPrepaidRow, entries: readonly CreditEntryRow[], now: Date): ClientPrepaidView {
  return {
    id: h.id,
    kind: h.kind,
    planId: h.planId,
    planName: h.planName,
    clientId: h.clientId,
    status: liveStatus(h, now),
    creditsLeft: h.creditsLeft,
    creditsPerPeriod: h.creditsPerPeriod,
    serviceIds: h.serviceIds,
    discountPercent: h.discountBps / 100,
    periodStart: h.periodStart.toISOString(),
    periodEnd: h.periodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: h.cancelAtPeriodEnd,
    soldOnTicketId: h.soldOnTicketId,
    billing: h.billing,
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      credits: e.credits,
      creditsAfter: e.creditsAfter,
      ticketId: e.ticketId,
      lineName: e.lineName,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

/**
 * A package's live status is derived (used up, expired) unless it was voided (stored cancelled); a
 * membership's is stored by its state machine.
 */
const liveStatus = (h: ClientPrepaidRow, now: Date) =>
  h.kind === 'package' && h.status !== 'cancelled' ? packageStatus(h, now) : h.status;

/**
 * Membership and package plans, the memberships and packages clients hold (started when the ticket
 * that sells them closes), their credits spent as a tender on a service line and given back by a
 * refund of it, and the prepaid value a ticket could use, line by line.
 */
@Injectable()
export class PrepaidUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly plans: PlanRepository,
    private readonly held: PrepaidRepository,
    private readonly tickets: TicketRepository,
    private readonly giftCards: GiftCardRepository,
    private readonly outbox: OutboxWriter,
    private readonly gateway: PaymentGateway,
    private readonly cards: CardAccountsRepository,
  ) {}

  async listPlans(): Promise<PrepaidPlanView[]> {
    return (await this.plans.list()).map(toPlanView);
  }

  async createPlan(input: unknown): Promise<PrepaidPlanView> {
    const p = parseInput(prepaidPlanInputSchema, input);
    return this.dataSource.transaction(async (m) => {
      const id = await this.plans.insert(m, {
        kind: p.kind,
        name: p.name,
        priceMinor: p.priceMinor,
        period: p.kind === 'membership' ? (p.period ?? 'month') : null,
        credits: p.credits,
        serviceIds: p.serviceIds ?? [],
        discountBps: Math.round((p.discountPercent ?? 0) * 100),
        validityDays: p.kind === 'package' ? (p.validityDays ?? null) : null,
        priorityDays: p.kind === 'membership' ? (p.priorityBookingDays ?? 0) : 0,
      });
      return toPlanView((await this.plans.findMany([id], m)).get(id)!);
    });
  }

  async list(query: unknown, now = new Date()): Promise<ClientPrepaidView[]> {
    const q = parseInput(clientPrepaidListQuerySchema, query);
    const rows = await this.held.list({ clientId: q.clientId, kind: q.kind });
    const entries = await this.held.entriesOf(rows.map((r) => r.id));
    return rows.map((r) => toHeldView(r, entries.get(r.id) ?? [], now));
  }

  async get(id: string, now = new Date(), m?: EntityManager): Promise<ClientPrepaidView> {
    const row = isUuid(id) ? await this.held.find(id, m) : null;
    if (!row) throw new NotFoundError(`Membership or package ${id} not found`);
    return toHeldView(row, (await this.held.entriesOf([id], m)).get(id) ?? [], now);
  }

  /**
   * POST /api/memberships/{id}/actions {action: pause|resume|cancel, when?}: the state machine
   * decides (409 with its reason). A Stripe-billed membership's subscription follows in the same
   * transaction, under the membership's row lock: if Stripe refuses, nothing changes here either.
   */
  async act(actor: Actor, id: string, input: unknown, now = new Date()): Promise<ClientPrepaidView> {
    const a = parseInput(membershipActionInputSchema, input);
    if (!isUuid(id)) throw new NotFoundError(`Membership ${id} not found`);
    return this.dataSource.transaction(async (m) => {
      const row = await this.held.find(id, m, true);
      if (!row) throw new NotFoundError(`Membership ${id} not found`);
      const event = a.action === 'cancel' ? ({ type: 'cancel', when: a.when ?? 'period_end' } as const) : ({ type: a.action } as const);
      const t = membershipTransition(row, event, now);
      if (!t.ok) throw new ConflictError(t.message, undefined, 'action');
      await this.followAtStripe(row, event);
      await this.applyIn(m, row, t, actor, now);
      if (t.next.status !== row.status && (t.next.status === 'paused' || (row.status === 'paused' && t.next.status === 'active'))) {
        await this.outbox.append(m, {
          type: t.next.status === 'paused' ? 'retail.membership.paused.v1' : 'retail.membership.resumed.v1',
          aggregateType: 'client-prepaid',
          aggregateId: id,
          locationId: row.locationId,
          actor,
          occurredAt: now,
          payload: { membershipId: id, clientId: row.clientId, periodEnd: t.next.periodEnd?.toISOString() ?? null },
        });
      }
      if (t.next.status === 'cancelled') {
        await this.outbox.append(m, {
          type: 'retail.membership.cancelled.v1',
          aggregateType: 'client-prepaid',
          aggregateId: id,
          locationId: row.locationId,
          actor,
          payload: { membershipId: id, clientId: row.clientId, effectiveAt: now.toISOString() },
        });
      }
      return this.get(id, now, m);
    });
  }

  /** The subscription does what the desk did (pause or resume collection, cancel at period end or now). */
  private async followAtStripe(row: ClientPrepaidRow, event: MembershipEvent): Promise<void> {
    if (row.billing !== 'stripe' || !row.subscriptionId) return;
    const change = subscriptionChangeOf(event);
    // The membership's version is in the key: a retry of this very action is one call at Stripe, a later pause another.
    const key = `retail-membership-${row.id}-v${row.version}-${change.kind}`;
    try {
      if (change.kind === 'cancel_now') await this.gateway.cancelSubscription(row.subscriptionId, key);
      else if (change.kind !== 'none') await this.gateway.updateSubscription(row.subscriptionId, change, key);
    } catch (error) {
      if (error instanceof CardDeclinedError) throw new ConflictError(`Stripe refused: ${error.message}`, undefined, 'action');
      throw error;
    }
  }

  /** Stores a transition of the state machine; a change of credits is a `reset` entry in the ledger. */
  async applyIn(
    m: EntityManager,
    row: ClientPrepaidRow,
    t: Extract<Transition, { ok: true }>,
    actor: Actor,
    now: Date,
    lineName: string | null = null,
  ): Promise<void> {
    await this.held.saveState(m, row.id, t.next);
    if (t.next.creditsLeft === row.creditsLeft) return;
    const after = await this.held.moveCredits(m, row.id, t.next.creditsLeft - row.creditsLeft);
    await this.held.insertEntry(m, {
      clientPrepaidId: row.id,
      kind: 'reset',
      credits: t.next.creditsLeft - row.creditsLeft,
      creditsAfter: after!,
      ticketId: null,
      ticketLineId: null,
      lineName,
      paymentId: null,
      createdBy: byOf(actor),
      createdAt: now,
    });
  }

  /** Whether a ticket that sells a membership or package can close: they need a client to belong to. */
  needsClient(lines: readonly Pick<LineRow, 'kind'>[], clientId: string | null): string | null {
    const sells = lines.find((l) => l.kind === 'membership' || l.kind === 'package');
    return sells && !clientId ? `A ${sells.kind} belongs to a client: pick the ticket's client first` : null;
  }

  /** The ticket's membership and package lines start for its client, in the transaction of the tender that closes it. */
  async startForTicket(
    m: EntityManager,
    ticket: { id: string; locationId: string; clientId: string | null },
    lines: readonly LineRow[],
    actor: Actor,
    now: Date,
    zone: string,
  ): Promise<void> {
    const selling = lines.filter((l) => (l.kind === 'membership' || l.kind === 'package') && l.planId);
    if (!selling.length || !ticket.clientId) return;
    const plans = await this.plans.findMany([...new Set(selling.map((l) => l.planId!))], m);
    // With a card on file the membership renews through Stripe; its subscription is made once this
    // transaction commits (MembershipBillingUseCase.startPending), never a call to Stripe inside it.
    const card = (await this.cards.cards(ticket.clientId))[0] ?? null;
    for (const line of selling) {
      const plan = plans.get(line.planId!)!;
      for (let unit = 0; unit < line.quantity; unit++) {
        const periodEnd =
          plan.kind === 'membership'
            ? periodEndOf(now, plan.period ?? 'month')
            : plan.validityDays
              ? expiryAtLocalDayEnd(now, { days: plan.validityDays }, zone)
              : null;
        const id = await this.held.insert(m, {
          planId: plan.id,
          kind: plan.kind,
          clientId: ticket.clientId,
          locationId: ticket.locationId,
          status: 'active',
          creditsPerPeriod: plan.credits,
          serviceIds: plan.serviceIds,
          discountBps: plan.discountBps,
          periodStart: now,
          periodEnd,
          soldOnTicketId: ticket.id,
          soldOnLineId: line.id,
          createdAt: now,
          ...(billingOf({ kind: plan.kind, cardOnFile: !!card, cardsEnabled: this.gateway.enabled }) === 'stripe'
            ? { billing: 'stripe' as const, billingCardId: card!.id }
            : { billing: 'none' as const, billingCardId: null }),
        });
        await this.credit(m, id, 'granted', plan.credits, { ticketId: ticket.id, createdBy: byOf(actor), now });
        if (plan.kind === 'membership') {
          await this.outbox.append(m, {
            type: 'retail.membership.started.v1',
            aggregateType: 'client-prepaid',
            aggregateId: id,
            locationId: ticket.locationId,
            actor,
            payload: {
              membershipId: id,
              planId: plan.id,
              clientId: ticket.clientId,
              periodEnd: periodEnd!.toISOString(),
              priorityBookingDays: plan.priorityDays,
              // The plan as sold: payroll's reports count recurring revenue (MRR) from it.
              planName: plan.name,
              priceMinor: plan.priceMinor,
              period: plan.period ?? 'month',
            },
          });
        }
      }
    }
  }

  /**
   * A credit tender: one session of the client's membership or package pays one service line of
   * the ticket, for the line's total. 400 naming the field for a wrong line or amount; 409 when the
   * credit cannot be used (suspended, expired, none left, the other desk took the last one).
   */
  async redeemIn(
    m: EntityManager,
    ticket: { id: string; locationId: string; clientId: string | null },
    r: { prepaidId: string; lineId: string; amountMinor: number; paymentId: string; actor: Actor; now: Date },
  ): Promise<void> {
    const line = (await this.tickets.lines(ticket.id, m)).find((l) => l.id === r.lineId);
    if (!line) throw ValidationFailedError.field('lineId', 'is not a line of this ticket');
    if ((await this.held.coveredLines(ticket.id, m)).includes(line.id))
      throw new ConflictError(`${line.name} is already paid with a session`, undefined, 'lineId');
    if (r.amountMinor !== line.totalMinor)
      throw ValidationFailedError.field('amountMinor', `must be ${(line.totalMinor / 100).toFixed(2)}, the total of ${line.name}`);
    const held = await this.held.find(r.prepaidId, m, true);
    if (!held) throw ValidationFailedError.field('prepaidId', 'is not a membership or package');
    if (held.clientId !== ticket.clientId) throw ValidationFailedError.field('prepaidId', "is not the ticket's client's");
    const refusal = creditRefusal({ ...held, status: liveStatus(held, r.now) }, line, r.now);
    if (refusal) throw new ConflictError(refusal, { creditsLeft: held.creditsLeft }, 'prepaidId');
    const after = await this.credit(m, held.id, 'redeemed', -1, {
      ticketId: ticket.id,
      ticketLineId: line.id,
      lineName: line.name,
      paymentId: r.paymentId,
      createdBy: byOf(r.actor),
      now: r.now,
    });
    if (held.kind === 'package') {
      await this.outbox.append(m, {
        type: 'retail.package.redeemed.v1',
        aggregateType: 'client-prepaid',
        aggregateId: held.id,
        locationId: ticket.locationId,
        actor: r.actor,
        payload: { packageId: held.id, clientId: held.clientId, ticketId: ticket.id, creditsLeft: after },
      });
    }
  }

  /** A refund of a credit tender gives its session back (the rules refuse a part refund before this). */
  async restoreIn(m: EntityManager, r: { paymentId: string; createdBy: string | null; now: Date }): Promise<void> {
    const redeemed = await this.held.redemptionOf(m, r.paymentId);
    if (!redeemed) return;
    await this.held.find(redeemed.clientPrepaidId, m, true);
    await this.credit(m, redeemed.clientPrepaidId, 'restored', 1, {
      ticketId: redeemed.ticketId ?? undefined,
      ticketLineId: redeemed.ticketLineId ?? undefined,
      lineName: redeemed.lineName ?? undefined,
      createdBy: r.createdBy,
      now: r.now,
    });
  }

  /**
   * GET /api/tickets/{id}/prepaid: what the ticket's client holds applied to it, best for them
   * first (domain/prepaid-allocation.rules.ts), line by line. Gift cards count only when the desk
   * names them (`codes`): a card is a bearer instrument, not the client's by default.
   */
  async suggestions(ticketId: string, codes: readonly string[] = [], now = new Date()): Promise<PrepaidSuggestion[]> {
    const ticket = isUuid(ticketId) ? await this.tickets.find(ticketId) : null;
    if (!ticket) throw new NotFoundError(`Ticket ${ticketId} not found`);
    const lines = await this.tickets.lines(ticketId);
    const held = ticket.clientId ? await this.held.list({ clientId: ticket.clientId }) : [];
    const cards = (await Promise.all(codes.map((c) => this.giftCards.byCode(c.replace(/[\s-]/g, '').toUpperCase())))).filter(
      (c): c is NonNullable<typeof c> => !!c && statusOf(c, now) === 'active',
    );
    return allocatePrepaid({
      ticketClientId: ticket.clientId,
      lines: lines.map((l) => ({ id: l.id, name: l.name, kind: l.kind, serviceId: l.serviceId, clientId: null, totalMinor: l.totalMinor })),
      coveredLineIds: await this.held.coveredLines(ticketId),
      balanceMinor: ticket.status === 'open' ? ticket.totalMinor - ticket.paidMinor : 0,
      credits: held.map((h) => ({
        id: h.id,
        kind: h.kind,
        label: h.planName,
        clientId: h.clientId,
        creditsLeft: h.creditsLeft,
        serviceIds: h.serviceIds,
        lapsesAt: h.periodEnd,
        usable: liveStatus(h, now) === 'active' && (!h.periodEnd || h.periodEnd > now),
      })),
      giftCards: cards.map((c) => ({
        code: c.code,
        label: `Gift card •••• ${c.code.slice(-4)}`,
        balanceMinor: c.balanceMinor,
        expiresAt: c.expiresAt,
      })),
    }).map((a) => ({ ...a, giftCardCode: a.giftCardCode }));
  }

  private async credit(
    m: EntityManager,
    id: string,
    kind: CreditEntryRow['kind'],
    credits: number,
    e: { ticketId?: string; ticketLineId?: string; lineName?: string; paymentId?: string; createdBy: string | null; now: Date },
  ): Promise<number> {
    const after = await this.held.moveCredits(m, id, credits);
    if (after === null) throw new ConflictError('The last session was just used at another desk', { creditsLeft: 0 }, 'prepaidId');
    await this.held.insertEntry(m, {
      clientPrepaidId: id,
      kind,
      credits,
      creditsAfter: after,
      ticketId: e.ticketId ?? null,
      ticketLineId: e.ticketLineId ?? null,
      lineName: e.lineName ?? null,
      paymentId: e.paymentId ?? null,
      createdBy: e.createdBy,
      createdAt: e.now,
    });
    return after;
  }
}
