import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  actorUuid,
  type CardModal,
  type EventEnvelope,
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
import { AppError, ConflictError, NotFoundError, OutboxWriter, parseInput, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { DateTime } from 'luxon';
import { DataSource, type EntityManager } from 'typeorm';
import { PlatformLookup } from '../../tickets/persistence/platform-lookup.provider.js';
import { StockLedgerUseCase } from '../../products/use-cases/stock-ledger.use-case.js';
import { TicketRepository, type TicketRow } from '../../tickets/persistence/ticket.repository.js';
import { TicketsUseCase } from '../../tickets/use-cases/tickets.use-case.js';
import { ticketClosedPayload } from '../../tickets/use-cases/ticket-view.js';
import { checkRefund, refundableMinor, refundEffect } from '../domain/refunds.rules.js';
import { cardTransition, declineReason, refundKey, tenderIntentKey } from '../domain/card-payments.rules.js';
import { CardDeclinedError, PaymentGateway, type CardIntent, type CardRefund } from '../domain/payment-gateway.js';
import { checkTender, TENDER_RULES, TenderUnavailableError } from '../domain/tenders.rules.js';
import { CardAccountsRepository } from '../persistence/card-accounts.repository.js';
import { giftCardPayableMinor } from '../../gift-cards/domain/gift-cards.rules.js';
import { GiftCardsUseCase } from '../../gift-cards/use-cases/gift-cards.use-case.js';
import { creditRefundRefusal } from '../../memberships/domain/memberships.rules.js';
import { PrepaidUseCase } from '../../memberships/use-cases/prepaid.use-case.js';
import type { LineRow } from '../../tickets/persistence/ticket.repository.js';
import { MembershipBillingUseCase } from '../../memberships/use-cases/membership-billing.use-case.js';
import { PrepaidVoidUseCase } from '../../memberships/use-cases/prepaid-void.use-case.js';
import { PaymentRepository, type PaymentRow, type RefundRow } from '../persistence/payment.repository.js';

type Actor = EventEnvelope['actor'];
const SYSTEM: Actor = { type: 'system', id: null };
const userActor = (auth: AuthContext): Actor => ({ type: 'user', id: actorUuid(auth.userId) });

/** The processor refused (a decline, a reader busy, a refund it will not take): 402 with its words. */
export class CardRefusedError extends AppError {
  readonly status = 402;
  readonly code = 'CARD_REFUSED';
}

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
    failureReason: p.failureReason,
    actionUrl: p.actionUrl,
    readerId: p.readerId,
    tipMinor: p.tipMinor,
    cardBrand: p.cardBrand ?? null,
    cardLast4: p.cardLast4 ?? null,
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
  private readonly log = new Logger('payments');

  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
    private readonly tickets: TicketRepository,
    private readonly ticketsUseCase: TicketsUseCase,
    private readonly lookup: PlatformLookup,
    private readonly outbox: OutboxWriter,
    private readonly ledger: StockLedgerUseCase,
    private readonly gateway: PaymentGateway,
    private readonly accounts: CardAccountsRepository,
    private readonly giftCards: GiftCardsUseCase,
    private readonly prepaid: PrepaidUseCase,
    private readonly prepaidVoid: PrepaidVoidUseCase,
    private readonly billing: MembershipBillingUseCase,
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
   * Takes a tender on a ticket. Cash is taken at once (change due when more is handed over). A
   * card tender is pending until Stripe says it succeeded: `card` answers the hosted modal to show,
   * `terminal` sends the PaymentIntent to the reader, `card_on_file` charges the saved card off the
   * session (a decline fails it with the reason; authentication asked for keeps it pending with a
   * link for the client). The last succeeded tender closes the ticket.
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
    const rule = TENDER_RULES[p.method];
    if (p.method === 'terminal' && !p.readerId)
      throw ValidationFailedError.field('readerId', 'is required for the card terminal: pick a reader');
    if (p.method === 'card_on_file' && !p.savedCardId)
      throw ValidationFailedError.field('savedCardId', 'is required: pick one of the client’s saved cards');
    if (p.method !== 'terminal' && p.readerId) throw ValidationFailedError.field('readerId', 'is only for the card terminal');
    if (p.method !== 'card_on_file' && p.savedCardId) throw ValidationFailedError.field('savedCardId', 'is only for a card on file');
    if (p.method === 'gift_card' && !p.giftCardCode)
      throw ValidationFailedError.field('giftCardCode', 'is required: type or scan the card');
    if (p.method !== 'gift_card' && p.giftCardCode) throw ValidationFailedError.field('giftCardCode', 'is only for a gift card');
    if (p.method === 'prepaid_credit' && !p.prepaidId)
      throw ValidationFailedError.field('prepaidId', 'is required: pick the client’s membership or package');
    if (p.method === 'prepaid_credit' && !p.lineId)
      throw ValidationFailedError.field('lineId', 'is required: pick the service the session pays');
    if (p.method !== 'prepaid_credit' && (p.prepaidId || p.lineId))
      throw ValidationFailedError.field(p.prepaidId ? 'prepaidId' : 'lineId', 'is only for a membership or package credit');
    const fingerprint = JSON.stringify({
      ticketId,
      method: p.method,
      amountMinor: p.amountMinor,
      tenderedMinor: p.tenderedMinor ?? null,
      ...(p.readerId ? { readerId: p.readerId } : {}),
      ...(p.savedCardId ? { savedCardId: p.savedCardId } : {}),
      ...(p.giftCardCode ? { giftCardCode: p.giftCardCode.replace(/[\s-]/g, '').toUpperCase() } : {}),
      ...(p.prepaidId ? { prepaidId: p.prepaidId, lineId: p.lineId } : {}),
    });
    const answer = await this.dataSource.transaction(async (m) => {
      const ticket = await this.tickets.lock(m, ticketId);
      if (!ticket) throw new NotFoundError(`Ticket ${ticketId} not found`);
      // After the lock: a retry racing its original waits for it and then finds its payment.
      const earlier = await this.payments.findByKey(m, key);
      if (earlier) return { ...(await this.replay(m, earlier, fingerprint)), replayed: true };
      const pendingMinor = await this.payments.pendingMinor(m, ticketId);
      const outcome = checkTender({ ...ticket, pendingMinor }, p, { cardsEnabled: this.gateway.enabled });
      if (!outcome.ok) {
        if (outcome.kind === 'unavailable') throw new TenderUnavailableError(outcome.message);
        if (outcome.kind === 'state')
          throw new ConflictError(outcome.message, await this.ticketsUseCase.viewIn(m, ticketId), outcome.field);
        throw ValidationFailedError.field(outcome.field, outcome.message);
      }
      const lines = await this.tickets.lines(ticketId, m);
      const noClient = this.prepaid.needsClient(lines, ticket.clientId);
      if (noClient) throw ValidationFailedError.field('clientId', noClient);
      const card = p.method === 'gift_card' ? await this.giftCards.cardToRedeem(m, p.giftCardCode!) : null;
      if (card) {
        const sold = lines.filter((l) => l.kind === 'gift_card').reduce((n, l) => n + l.totalMinor, 0);
        const payable = giftCardPayableMinor(ticket.totalMinor - ticket.paidMinor - pendingMinor, sold);
        if (p.amountMinor > payable)
          throw ValidationFailedError.field(
            'amountMinor',
            `is more than gift cards may pay here: ${(payable / 100).toFixed(2)} (a gift card does not buy a gift card)`,
          );
      }
      const row = {
        ticketId,
        locationId: ticket.locationId,
        clientId: ticket.clientId,
        method: p.method,
        amountMinor: p.amountMinor,
        currency: ticket.currency,
        idempotencyKey: key,
        requestFingerprint: fingerprint,
        createdBy: actorUuid(auth.userId),
        createdAt: now,
      };
      if (rule.card) return { ...(await this.startCard(m, auth, ticket, p, row)), replayed: false };
      const paymentId = await this.payments.insert(m, {
        ...row,
        status: 'succeeded',
        tenderedMinor: outcome.tenderedMinor,
        changeMinor: outcome.changeMinor,
      });
      const tenderActor = userActor(auth);
      // Prepaid value is taken in the tender's transaction: a card or a session another desk took first is a 409 and no payment.
      if (card)
        await this.giftCards.redeemIn(m, card, {
          ticketId,
          paymentId,
          locationId: ticket.locationId,
          amountMinor: p.amountMinor,
          actor: tenderActor,
          now,
        });
      if (p.method === 'prepaid_credit')
        await this.prepaid.redeemIn(m, ticket, {
          prepaidId: p.prepaidId!,
          lineId: p.lineId!,
          amountMinor: p.amountMinor,
          paymentId,
          actor: tenderActor,
          now,
        });
      // The products go out of stock with the tender that closes the ticket, or neither happens (409 naming the product).
      if (outcome.closes) await this.ledger.sellTicket(m, ticket, lines, actorUuid(auth.userId), now);
      if (outcome.closes) await this.issuePrepaid(m, ticket, lines, tenderActor, now);
      await this.tickets.recordPaid(m, ticketId, outcome.paidAfterMinor, outcome.closes ? now : null);
      await this.publishPayment(m, userActor(auth), ticket, paymentId, p.method, p.amountMinor);
      if (outcome.closes) await this.publishClosed(m, userActor(auth), ticketId);
      const payment = (await this.payments.find(paymentId, m))!;
      return { payment: toPaymentView(payment, []), ticket: await this.ticketsUseCase.viewIn(m, ticketId), replayed: false };
    });
    // A membership the closed ticket sold to a client with a card on file gets its subscription now that the sale is committed.
    if (answer.ticket.status === 'closed' && !answer.replayed) await this.billing.startForTicketQuietly(ticketId);
    return answer;
  }

  /**
   * A card tender: the PaymentIntent is made under the ticket's lock with a key derived from the
   * ticket and the request's Idempotency-Key, so a retry, even after this transaction rolled back,
   * reaches the same intent and never charges twice.
   */
  private async startCard(
    m: EntityManager,
    auth: AuthContext,
    ticket: TicketRow,
    p: { method: PaymentRow['method']; amountMinor: number; readerId?: string; savedCardId?: string },
    row: Omit<Parameters<PaymentRepository['insert']>[1], 'status' | 'tenderedMinor' | 'changeMinor'>,
  ): Promise<PayTicketAnswer> {
    const metadata = {
      ticketId: ticket.id,
      ticketNumber: String(ticket.number),
      locationId: ticket.locationId,
      requestKey: row.idempotencyKey,
    };
    let offSession: { customerId: string; paymentMethodId: string } | undefined;
    let savedCard: { brand: string; last4: string } | null = null;
    if (p.method === 'terminal') {
      const reader = await this.accounts.reader(m, p.readerId!);
      if (!reader || reader.locationId !== ticket.locationId)
        throw ValidationFailedError.field('readerId', 'is not a card reader registered at this location');
    }
    if (p.method === 'card_on_file') {
      const card = ticket.clientId ? await this.accounts.card(m, p.savedCardId!) : null;
      if (!card || card.clientId !== ticket.clientId)
        throw ValidationFailedError.field('savedCardId', 'is not a saved card of this ticket’s client');
      offSession = { customerId: card.customerId, paymentMethodId: card.id };
      savedCard = { brand: card.brand, last4: card.last4 };
    }
    let intent: CardIntent;
    try {
      intent = await this.gateway.createIntent({
        amountMinor: p.amountMinor,
        currency: ticket.currency,
        idempotencyKey: tenderIntentKey(ticket.id, row.idempotencyKey),
        metadata,
        description: `Ticket #${ticket.number}`,
        offSession,
        cardPresent: p.method === 'terminal',
      });
    } catch (error) {
      // A saved card declined off the session still made an intent: the tender is kept with the reason.
      if (!(error instanceof CardDeclinedError) || !error.intent) throw error;
      intent = error.intent;
    }
    const paymentId = await this.payments.insert(m, {
      ...row,
      status: 'pending',
      tenderedMinor: null,
      changeMinor: 0,
      providerRef: intent.id,
      readerId: p.readerId ?? null,
    });
    if (savedCard) await this.payments.recordCard(m, paymentId, savedCard);
    if (p.method === 'terminal') {
      try {
        await this.gateway.processOnReader(p.readerId!, intent.id, `${tenderIntentKey(ticket.id, row.idempotencyKey)}-reader`);
      } catch (error) {
        if (error instanceof CardDeclinedError) throw new CardRefusedError(`The card reader did not take the payment: ${error.message}`);
        throw error;
      }
    }
    await this.applyIntentIn(m, intent, userActor(auth));
    const payment = (await this.payments.find(paymentId, m))!;
    let cardModal: CardModal | null = null;
    if (p.method === 'card' && payment.status === 'pending' && intent.clientSecret)
      cardModal = this.gateway.modal(intent.clientSecret, intent.id, 'payment');
    return { payment: toPaymentView(payment, []), ticket: await this.ticketsUseCase.viewIn(m, ticket.id), cardModal };
  }

  /**
   * Applies what Stripe says of an intent to its tender, in the caller's transaction: under the
   * ticket's lock, final states stay final, so a repeated or late webhook changes nothing. A hold
   * on the terminal is captured here (the on-reader tip included). Answers false for an intent no
   * tender of ours made.
   */
  async applyIntentIn(m: EntityManager, intent: CardIntent, actor: Actor = SYSTEM, now = new Date()): Promise<boolean> {
    const found = await this.payments.findByProviderRef(m, intent.id);
    if (!found) return false;
    const ticket = (await this.tickets.lock(m, found.ticketId))!;
    const payment = (await this.payments.lock(m, found.id))!;
    const step = cardTransition(payment.status, intent.state);
    if (step.capture) {
      const captured = await this.gateway.captureIntent(intent.id, `retail-capture-${intent.id}`);
      if (captured.state === 'awaiting_capture') return true;
      return this.applyIntentIn(m, captured, actor, now);
    }
    if (step.cancelIntent) {
      // Best effort: an intent already cancelled or paid elsewhere answers an error we can ignore.
      await this.gateway.cancelIntent(intent.id, `retail-cancel-${intent.id}`).catch(() => undefined);
    }
    const reason = intent.failureReason || intent.failureCode ? declineReason(intent.failureReason, intent.failureCode) : null;
    if (!step.status) {
      if (payment.status === 'pending') {
        const actionUrl =
          intent.state === 'awaiting_authentication' && intent.clientSecret
            ? this.confirmLink(intent.clientSecret, intent.id)
            : payment.actionUrl;
        if (actionUrl !== payment.actionUrl || reason !== payment.failureReason) {
          await this.payments.updateCard(m, payment.id, { status: 'pending', failureReason: reason, actionUrl });
          if (actionUrl && actionUrl !== payment.actionUrl) {
            await this.outbox.append(m, {
              type: 'retail.payment.action-required.v1',
              aggregateType: 'ticket',
              aggregateId: ticket.id,
              locationId: ticket.locationId,
              actor,
              payload: {
                paymentId: payment.id,
                ticketId: ticket.id,
                clientId: ticket.clientId,
                locationId: ticket.locationId,
                amountMinor: payment.amountMinor,
                currency: payment.currency,
                actionUrl,
              },
            });
          }
        }
      }
      return true;
    }
    if (step.status !== 'succeeded') {
      await this.payments.updateCard(m, payment.id, { status: step.status, failureReason: reason, actionUrl: null });
      return true;
    }
    const tipMinor = intent.tipMinor;
    const amountMinor = intent.receivedMinor || payment.amountMinor;
    if (tipMinor > 0) await this.ticketsUseCase.addTipIn(m, ticket.id, tipMinor);
    const after = (await this.tickets.find(ticket.id, m))!;
    const paidAfterMinor = after.paidMinor + amountMinor;
    const closes = paidAfterMinor >= after.totalMinor && after.status === 'open';
    await this.payments.updateCard(m, payment.id, { status: 'succeeded', failureReason: null, actionUrl: null, amountMinor, tipMinor });
    // The hosted modal's and the terminal's card, as Stripe read it: the receipt names it like a card on file.
    if (intent.card) await this.payments.recordCard(m, payment.id, intent.card);
    if (closes) await this.sellOnCardClose(m, after, actor, now);
    if (closes) await this.issuePrepaidOnCardClose(m, after, actor, now);
    await this.tickets.recordPaid(m, ticket.id, paidAfterMinor, closes ? now : null);
    await this.publishPayment(m, actor, after, payment.id, payment.method, amountMinor);
    if (closes) await this.publishClosed(m, actor, ticket.id);
    return true;
  }

  /**
   * The products of a ticket a card payment closed go out of stock. The card is already charged,
   * so a product that ran out since the tender started cannot refuse the sale (and a webhook that
   * failed would be retried for ever): in a savepoint, so nothing is half-written, the shortfall
   * is logged for the next stock count instead.
   */
  private async sellOnCardClose(m: EntityManager, ticket: { id: string; locationId: string }, actor: Actor, now: Date) {
    const by = actor.type === 'user' ? actor.id : null;
    try {
      await m.transaction(async (sp) => this.ledger.sellTicket(sp, ticket, await this.tickets.lines(ticket.id, sp), by, now));
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      this.log.warn(`ticket ${ticket.id} closed by card with stock short (${error.message}); count the shelf to correct it`);
    }
  }

  /** The gift cards, memberships and packages a closing ticket sells start, in the closing transaction. */
  private async issuePrepaid(m: EntityManager, ticket: TicketRow, lines: readonly LineRow[], actor: Actor, now: Date) {
    await this.giftCards.issueForTicket(m, ticket, lines, actor, now);
    await this.prepaid.startForTicket(m, ticket, lines, actor, now, await this.lookup.timeZoneOf(ticket.locationId));
  }

  /** As for stock: the card is charged, so a physical gift card number taken since is logged, not refused. */
  private async issuePrepaidOnCardClose(m: EntityManager, ticket: TicketRow, actor: Actor, now: Date) {
    try {
      await m.transaction(async (sp) => this.issuePrepaid(sp, ticket, await this.tickets.lines(ticket.id, sp), actor, now));
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      this.log.warn(`ticket ${ticket.id} closed by card but its prepaid value was not issued (${error.message})`);
    }
  }

  private confirmLink(clientSecret: string, intentId: string): string {
    return this.gateway.confirmLink(clientSecret, intentId);
  }

  /**
   * Refunds that Stripe made without us (its dashboard) or whose answer we missed: each refund of
   * the charge not yet recorded is recorded once (Stripe's refund id is unique here).
   */
  async reconcileRefundsIn(m: EntityManager, intentId: string, refunds: readonly CardRefund[], now = new Date()): Promise<void> {
    const found = await this.payments.findByProviderRef(m, intentId);
    if (!found) return;
    const ticket = (await this.tickets.lock(m, found.ticketId))!;
    const known = await this.payments.refundProviderRefs(m, found.id);
    for (const refund of refunds) {
      if (refund.status !== 'succeeded' || known.has(refund.id)) continue;
      const payment = (await this.payments.lock(m, found.id))!;
      const outcome = checkRefund(payment, refund.amountMinor);
      if (!outcome.ok) continue;
      const current = (await this.tickets.find(ticket.id, m))!;
      await this.recordRefund(m, SYSTEM, current, payment, {
        amountMinor: refund.amountMinor,
        reason: 'Refunded in Stripe',
        key: null,
        fingerprint: null,
        providerRef: refund.id,
        createdBy: null,
        now,
      });
    }
  }

  /** Cancels a card tender still pending (the client walked away from the modal, the reader is needed): its intent is cancelled at Stripe. */
  async cancel(auth: AuthContext, paymentId: string): Promise<PayTicketAnswer> {
    const found = isUuid(paymentId) ? await this.payments.find(paymentId) : null;
    if (!found) throw new NotFoundError(`Payment ${paymentId} not found`);
    return this.dataSource.transaction(async (m) => {
      await this.tickets.lock(m, found.ticketId);
      const payment = (await this.payments.lock(m, paymentId))!;
      if (payment.status !== 'pending' || !payment.providerRef)
        throw new ConflictError(`A ${payment.status} payment cannot be cancelled`, undefined, 'paymentId');
      if (payment.readerId)
        await this.gateway.cancelReaderAction(payment.readerId, `retail-cancel-reader-${payment.providerRef}`).catch(() => undefined);
      let intent: CardIntent;
      try {
        intent = await this.gateway.cancelIntent(payment.providerRef, `retail-cancel-${payment.providerRef}`);
      } catch (error) {
        if (!(error instanceof CardDeclinedError)) throw error;
        // Stripe finished it first (paid or already cancelled): what it says now decides.
        intent = await this.gateway.retrieveIntent(payment.providerRef);
      }
      await this.applyIntentIn(m, intent, userActor(auth));
      const after = (await this.payments.find(paymentId, m))!;
      return { payment: toPaymentView(after, []), ticket: await this.ticketsUseCase.viewIn(m, after.ticketId) };
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
    let cardModal: CardModal | null = null;
    if (earlier.method === 'card' && earlier.status === 'pending' && earlier.providerRef) {
      const intent = await this.gateway.retrieveIntent(earlier.providerRef);
      if (intent.clientSecret) cardModal = this.gateway.modal(intent.clientSecret, intent.id, 'payment');
    }
    return {
      payment: toPaymentView(earlier, refunds.get(earlier.id) ?? []),
      ticket: await this.ticketsUseCase.viewIn(m, earlier.ticketId),
      ...(earlier.method === 'card' ? { cardModal } : {}),
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
      ...(r.voidPrepaid ? { voidPrepaid: true } : {}),
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
      if (payment.method === 'prepaid_credit') {
        const refusal = creditRefundRefusal(payment.amountMinor, payment.refundedMinor, r.amountMinor);
        if (refusal) throw ValidationFailedError.field('amountMinor', refusal);
      }
      if (r.restock && ticket.status !== 'closed')
        throw ValidationFailedError.field('restock', "puts back a closed ticket's products; this ticket is open");
      // Voiding what the ticket sold is decided before any money moves (Stripe's refund included).
      const voiding = r.voidPrepaid ? await this.prepaidVoid.check(m, ticket, r.amountMinor, now) : null;
      let providerRef: string | null = null;
      if (TENDER_RULES[payment.method].card && payment.providerRef) {
        // Card money goes back through Stripe first; its refund id makes the charge.refunded webhook a no-op.
        try {
          const refund = await this.gateway.refund({
            intentId: payment.providerRef,
            amountMinor: r.amountMinor,
            idempotencyKey: refundKey(paymentId, key ?? randomUUID()),
            reason: r.reason,
          });
          providerRef = refund.id;
        } catch (error) {
          if (error instanceof CardDeclinedError) throw new CardRefusedError(`Stripe did not take the refund: ${error.message}`);
          throw error;
        }
      }
      const refundId = await this.recordRefund(m, userActor(auth), ticket, payment, {
        amountMinor: r.amountMinor,
        reason: r.reason,
        key,
        fingerprint: key ? fingerprint : null,
        providerRef,
        createdBy: actorUuid(auth.userId),
        now,
      });
      // Prepaid value comes back where it was taken from: the card's balance, the client's session.
      if (payment.method === 'gift_card')
        await this.giftCards.refundIn(m, {
          paymentId,
          refundId,
          ticketId: ticket.id,
          amountMinor: r.amountMinor,
          createdBy: actorUuid(auth.userId),
          now,
        });
      if (payment.method === 'prepaid_credit') await this.prepaid.restoreIn(m, { paymentId, createdBy: actorUuid(auth.userId), now });
      // Products come back to stock with the refund, in its transaction (at most what each line sold).
      if (r.restock) await this.ledger.restockTicket(m, ticket, await this.tickets.lines(ticket.id, m), actorUuid(auth.userId), now);
      if (voiding)
        await this.prepaidVoid.apply(m, ticket, voiding, { refundId, actor: userActor(auth), createdBy: actorUuid(auth.userId), now });
      return { ...(await this.refundAnswer(m, refundId)), replayed: false };
    });
  }

  private async recordRefund(
    m: EntityManager,
    actor: Actor,
    ticket: TicketRow,
    payment: PaymentRow,
    r: {
      amountMinor: number;
      reason: string;
      key: string | null;
      fingerprint: string | null;
      providerRef: string | null;
      createdBy: string | null;
      now: Date;
    },
  ): Promise<string> {
    const refundId = await this.payments.insertRefund(m, {
      paymentId: payment.id,
      ticketId: ticket.id,
      amountMinor: r.amountMinor,
      reason: r.reason,
      idempotencyKey: r.key,
      requestFingerprint: r.fingerprint,
      providerRef: r.providerRef,
      createdBy: r.createdBy,
      createdAt: r.now,
    });
    await this.payments.addRefunded(m, payment.id, r.amountMinor);
    if (refundEffect(ticket.status) === 'reduces-paid') await this.tickets.recordPaid(m, ticket.id, ticket.paidMinor - r.amountMinor, null);
    else await this.tickets.recordRefunded(m, ticket.id, r.amountMinor);
    await this.outbox.append(m, {
      type: 'retail.payment.refunded.v1',
      aggregateType: 'ticket',
      aggregateId: ticket.id,
      locationId: ticket.locationId,
      actor,
      payload: {
        refundId,
        paymentId: payment.id,
        ticketId: ticket.id,
        clientId: ticket.clientId,
        method: payment.method,
        amountMinor: r.amountMinor,
        reason: r.reason,
        currency: payment.currency,
        appointmentIds: ticket.appointmentIds,
      },
    });
    return refundId;
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
    actor: Actor,
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
      actor,
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

  private async publishClosed(m: EntityManager, actor: Actor, ticketId: string) {
    const t = (await this.tickets.find(ticketId, m))!;
    const lines = await this.tickets.lines(ticketId, m);
    await this.outbox.append(m, {
      type: 'retail.ticket.closed.v1',
      aggregateType: 'ticket',
      aggregateId: t.id,
      locationId: t.locationId,
      actor,
      payload: ticketClosedPayload(t, lines),
    });
  }
}
