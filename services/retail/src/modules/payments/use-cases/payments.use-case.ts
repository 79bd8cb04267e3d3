import { Injectable } from '@nestjs/common';
import {
  actorUuid,
  idempotencyKeySchema,
  isUuid,
  paymentListQuerySchema,
  payTicketInputSchema,
  refundInputSchema,
  type PaymentView,
  type PayTicketAnswer,
  type RefundAnswer,
  type RefundView,
} from '@salon/contracts';
import { ConflictError, NotFoundError, OutboxWriter, parseInput, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { DateTime } from 'luxon';
import { DataSource, type EntityManager } from 'typeorm';
import { PlatformLookup } from '../../tickets/persistence/platform-lookup.provider.js';
import { StockLedgerUseCase } from '../../products/use-cases/stock-ledger.use-case.js';
import { TicketRepository, type TicketRow } from '../../tickets/persistence/ticket.repository.js';
import { TicketsUseCase } from '../../tickets/use-cases/tickets.use-case.js';
import { checkRefund, refundableMinor, refundEffect } from '../domain/refunds.rules.js';
import { checkTender, TenderUnavailableError } from '../domain/tenders.rules.js';
import { PaymentRepository, type PaymentRow, type RefundRow } from '../persistence/payment.repository.js';

export function toRefundView(r: RefundRow): RefundView {
  return {
    id: r.id,
    paymentId: r.paymentId,
    ticketId: r.ticketId,
    amountMinor: r.amountMinor,
    reason: r.reason,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
  };
}

export function toPaymentView(p: PaymentRow, refunds: readonly RefundRow[]): PaymentView {
  return {
    id: p.id,
    ticketId: p.ticketId,
    ticketNumber: p.ticketNumber,
    locationId: p.locationId,
    clientId: p.clientId,
    method: p.method,
    status: p.status,
    amountMinor: p.amountMinor,
    tenderedMinor: p.tenderedMinor,
    changeMinor: p.changeMinor,
    refundedMinor: p.refundedMinor,
    refundableMinor: refundableMinor(p),
    currency: p.currency,
    refunds: refunds.map(toRefundView),
    createdBy: p.createdBy,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The key a client sent, checked: required for a payment, optional for a refund. */
function idempotencyKeyOf(key: string | undefined, required: boolean): string | null {
  if (key === undefined || key === '') {
    if (required)
      throw ValidationFailedError.field('Idempotency-Key', 'is required: send a new key per payment, the same key when retrying it');
    return null;
  }
  const parsed = idempotencyKeySchema.safeParse(key);
  if (!parsed.success) throw ValidationFailedError.field('Idempotency-Key', parsed.error.issues[0]!.message);
  return key;
}

/**
 * Tenders and refunds. A payment request carries an Idempotency-Key: the same key answers the
 * payment it made the first time (never a second one), and a key sent with a different request is
 * refused. Each runs in one transaction under the ticket's row lock, with its events in the outbox.
 */
@Injectable()
export class PaymentsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
    private readonly tickets: TicketRepository,
    private readonly ticketsUseCase: TicketsUseCase,
    private readonly lookup: PlatformLookup,
    private readonly outbox: OutboxWriter,
    private readonly ledger: StockLedgerUseCase,
  ) {}

  async get(id: string): Promise<PaymentView> {
    const payment = isUuid(id) ? await this.payments.find(id) : null;
    if (!payment) throw new NotFoundError(`Payment ${id} not found`);
    return toPaymentView(payment, (await this.payments.refundsOf([id])).get(id) ?? []);
  }

  async forTicket(ticketId: string): Promise<PaymentView[]> {
    const rows = await this.payments.forTickets([ticketId]);
    const refunds = await this.payments.refundsOf(rows.map((p) => p.id));
    return rows.map((p) => toPaymentView(p, refunds.get(p.id) ?? []));
  }

  /**
   * Takes a tender on a ticket. Cash is taken at once (change due when more is handed over); the
   * card methods answer 422 until Stripe arrives. The last tender closes the ticket.
   */
  async pay(
    auth: AuthContext,
    ticketId: string,
    input: unknown,
    idempotencyKey: string | undefined,
    now = new Date(),
  ): Promise<PayTicketAnswer & { replayed: boolean }> {
    const key = idempotencyKeyOf(idempotencyKey, true)!;
    const p = parseInput(payTicketInputSchema, input);
    if (!isUuid(ticketId)) throw new NotFoundError(`Ticket ${ticketId} not found`);
    const fingerprint = JSON.stringify({ ticketId, method: p.method, amountMinor: p.amountMinor, tenderedMinor: p.tenderedMinor ?? null });
    return this.dataSource.transaction(async (m) => {
      const ticket = await this.tickets.lock(m, ticketId);
      if (!ticket) throw new NotFoundError(`Ticket ${ticketId} not found`);
      // After the lock: a retry racing its original waits for it and then finds its payment.
      const earlier = await this.payments.findByKey(m, key);
      if (earlier) return { ...(await this.replay(m, earlier, fingerprint)), replayed: true };
      const outcome = checkTender(ticket, p);
      if (!outcome.ok) {
        if (outcome.kind === 'unavailable') throw new TenderUnavailableError();
        if (outcome.kind === 'state')
          throw new ConflictError(outcome.message, await this.ticketsUseCase.viewIn(m, ticketId), outcome.field);
        throw ValidationFailedError.field(outcome.field, outcome.message);
      }
      const paymentId = await this.payments.insert(m, {
        ticketId,
        locationId: ticket.locationId,
        clientId: ticket.clientId,
        method: p.method,
        status: 'succeeded',
        amountMinor: p.amountMinor,
        tenderedMinor: outcome.tenderedMinor,
        changeMinor: outcome.changeMinor,
        currency: ticket.currency,
        idempotencyKey: key,
        requestFingerprint: fingerprint,
        createdBy: actorUuid(auth.userId),
        createdAt: now,
      });
      // The products go out of stock with the tender that closes the ticket, or neither happens (409 naming the product).
      if (outcome.closes) await this.ledger.sellTicket(m, ticket, await this.tickets.lines(ticketId, m), actorUuid(auth.userId), now);
      await this.tickets.recordPaid(m, ticketId, outcome.paidAfterMinor, outcome.closes ? now : null);
      await this.publishPayment(m, auth, ticket, paymentId, p.method, p.amountMinor);
      if (outcome.closes) await this.publishClosed(m, auth, ticketId);
      const payment = (await this.payments.find(paymentId, m))!;
      return { payment: toPaymentView(payment, []), ticket: await this.ticketsUseCase.viewIn(m, ticketId), replayed: false };
    });
  }

  private async replay(m: EntityManager, earlier: PaymentRow, fingerprint: string): Promise<PayTicketAnswer> {
    if (earlier.requestFingerprint !== fingerprint) {
      throw new ConflictError(
        'This Idempotency-Key was already used for a different payment; send a new key for a new payment',
        undefined,
        'Idempotency-Key',
      );
    }
    const refunds = await this.payments.refundsOf([earlier.id], m);
    return {
      payment: toPaymentView(earlier, refunds.get(earlier.id) ?? []),
      ticket: await this.ticketsUseCase.viewIn(m, earlier.ticketId),
    };
  }

  /**
   * Refunds part or all of a tender, with a reason, never above what it captured less earlier
   * refunds (400 naming amountMinor and what is left). An optional Idempotency-Key makes a retry
   * answer the first refund.
   */
  async refund(
    auth: AuthContext,
    paymentId: string,
    input: unknown,
    idempotencyKey: string | undefined,
    now = new Date(),
  ): Promise<RefundAnswer & { replayed: boolean }> {
    const key = idempotencyKeyOf(idempotencyKey, false);
    const r = parseInput(refundInputSchema, input);
    const found = isUuid(paymentId) ? await this.payments.find(paymentId) : null;
    if (!found) throw new NotFoundError(`Payment ${paymentId} not found`);
    const fingerprint = JSON.stringify({
      paymentId,
      amountMinor: r.amountMinor,
      reason: r.reason,
      ...(r.restock ? { restock: true } : {}),
    });
    return this.dataSource.transaction(async (m) => {
      // The ticket first, as a tender does, then the payment: one lock order, no deadlock.
      const ticket = (await this.tickets.lock(m, found.ticketId))!;
      const payment = (await this.payments.lock(m, paymentId))!;
      if (key) {
        const earlier = await this.payments.findRefundByKey(m, key);
        if (earlier) {
          if (earlier.requestFingerprint !== fingerprint) {
            throw new ConflictError(
              'This Idempotency-Key was already used for a different refund; send a new key',
              undefined,
              'Idempotency-Key',
            );
          }
          return { ...(await this.refundAnswer(m, earlier.id)), replayed: true };
        }
      }
      const outcome = checkRefund(payment, r.amountMinor);
      if (!outcome.ok) {
        if (outcome.kind === 'state')
          throw new ConflictError(outcome.message, await this.ticketsUseCase.viewIn(m, ticket.id), outcome.field);
        throw ValidationFailedError.field(outcome.field, outcome.message);
      }
      const refundId = await this.payments.insertRefund(m, {
        paymentId,
        ticketId: ticket.id,
        amountMinor: r.amountMinor,
        reason: r.reason,
        idempotencyKey: key,
        requestFingerprint: key ? fingerprint : null,
        createdBy: actorUuid(auth.userId),
        createdAt: now,
      });
      if (r.restock) {
        if (ticket.status !== 'closed')
          throw ValidationFailedError.field('restock', "puts back a closed ticket's products; this ticket is open");
        await this.ledger.restockTicket(m, ticket, await this.tickets.lines(ticket.id, m), actorUuid(auth.userId), now);
      }
      await this.payments.addRefunded(m, paymentId, r.amountMinor);
      if (refundEffect(ticket.status) === 'reduces-paid')
        await this.tickets.recordPaid(m, ticket.id, ticket.paidMinor - r.amountMinor, null);
      else await this.tickets.recordRefunded(m, ticket.id, r.amountMinor);
      await this.outbox.append(m, {
        type: 'retail.payment.refunded.v1',
        aggregateType: 'ticket',
        aggregateId: ticket.id,
        locationId: ticket.locationId,
        actor: { type: 'user', id: actorUuid(auth.userId) },
        payload: {
          refundId,
          paymentId,
          ticketId: ticket.id,
          clientId: ticket.clientId,
          method: payment.method,
          amountMinor: r.amountMinor,
          reason: r.reason,
          currency: payment.currency,
          appointmentIds: ticket.appointmentIds,
        },
      });
      return { ...(await this.refundAnswer(m, refundId)), replayed: false };
    });
  }

  private async refundAnswer(m: EntityManager, refundId: string): Promise<RefundAnswer> {
    const refund = (await this.payments.findRefund(m, refundId))!;
    const payment = (await this.payments.find(refund.paymentId, m))!;
    const refunds = await this.payments.refundsOf([payment.id], m);
    return {
      refund: toRefundView(refund),
      payment: toPaymentView(payment, refunds.get(payment.id) ?? []),
      ticket: await this.ticketsUseCase.viewIn(m, refund.ticketId),
    };
  }

  /** GET /api/payments?from=&to=&locationId=&clientId=: from/to are instants or local dates (YYYY-MM-DD, whole days). */
  async list(query: unknown): Promise<PaymentView[]> {
    const q = parseInput(paymentListQuerySchema, query);
    const range = await this.range(q.from, q.to, q.locationId);
    const rows = await this.payments.list({ ...range, locationId: q.locationId, clientId: q.clientId });
    const refunds = await this.payments.refundsOf(rows.map((p) => p.id));
    return rows.map((p) => toPaymentView(p, refunds.get(p.id) ?? []));
  }

  /** A from/to pair as instants: ISO instants as given, local dates as whole days at the location (its zone). */
  async range(from: string | undefined, to: string | undefined, locationId?: string): Promise<{ from?: Date; to?: Date }> {
    const zone = locationId ? await this.lookup.timeZoneOf(locationId) : undefined;
    const at = (value: string | undefined, field: 'from' | 'to'): Date | undefined => {
      if (value === undefined || value === '') return undefined;
      const isDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
      const parsed = DateTime.fromISO(value, { zone: zone ?? this.lookup.defaultTimeZone });
      if (!parsed.isValid) throw ValidationFailedError.field(field, 'must be a date (YYYY-MM-DD) or an ISO instant');
      return (isDate && field === 'to' ? parsed.plus({ days: 1 }) : parsed).toJSDate();
    };
    return { from: at(from, 'from'), to: at(to, 'to') };
  }

  private async publishPayment(
    m: EntityManager,
    auth: AuthContext,
    ticket: TicketRow,
    paymentId: string,
    method: PaymentRow['method'],
    amountMinor: number,
  ) {
    await this.outbox.append(m, {
      type: 'retail.payment.succeeded.v1',
      aggregateType: 'ticket',
      aggregateId: ticket.id,
      locationId: ticket.locationId,
      actor: { type: 'user', id: actorUuid(auth.userId) },
      payload: {
        paymentId,
        ticketId: ticket.id,
        clientId: ticket.clientId,
        method,
        amountMinor,
        currency: ticket.currency,
        appointmentIds: ticket.appointmentIds,
      },
    });
  }

  private async publishClosed(m: EntityManager, auth: AuthContext, ticketId: string) {
    const t = (await this.tickets.find(ticketId, m))!;
    const lines = await this.tickets.lines(ticketId, m);
    await this.outbox.append(m, {
      type: 'retail.ticket.closed.v1',
      aggregateType: 'ticket',
      aggregateId: t.id,
      locationId: t.locationId,
      actor: { type: 'user', id: actorUuid(auth.userId) },
      payload: {
        ticketId: t.id,
        number: t.number,
        clientId: t.clientId,
        appointmentIds: t.appointmentIds,
        closedAt: t.closedAt!.toISOString(),
        subtotalMinor: t.subtotalMinor,
        discountMinor: t.discountMinor,
        taxMinor: t.taxMinor,
        tipMinor: t.tipMinor,
        totalMinor: t.totalMinor,
        currency: t.currency,
        lines: lines.map((l) => ({
          kind: l.kind,
          name: l.name,
          quantity: l.quantity,
          netMinor: l.netMinor,
          staffId: l.staffId,
          appointmentId: l.appointmentId,
          serviceId: l.serviceId,
          lineId: l.id,
          productId: l.productId,
        })),
        tips: t.tipSplit.map((s) => ({ staffId: s.staffId, amountMinor: s.amountMinor })),
      },
    });
  }
}
