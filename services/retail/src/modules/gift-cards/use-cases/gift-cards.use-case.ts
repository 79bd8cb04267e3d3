import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  giftCardListQuerySchema,
  isUuid,
  type EventEnvelope,
  type GiftCardBalanceView,
  type GiftCardListView,
  type GiftCardView,
} from '@salon/contracts';
import {
  APP_CONFIG,
  type BaseConfig,
  ConflictError,
  NotFoundError,
  OutboxWriter,
  parseInput,
  REDIS,
  TooManyRequestsError,
  ValidationFailedError,
} from '@salon/nest-kit';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { EntityManager } from 'typeorm';
import {
  cardsToIssue,
  checkRedemption,
  expiryOf,
  generateCode,
  kindOfSale,
  normalizeCode,
  signedAmount,
  statusOf,
} from '../domain/gift-cards.rules.js';
import { PosSettingsRepository } from '../../pos-settings/persistence/pos-settings.repository.js';
import { GiftCardRepository, type GiftCardEntryRow, type GiftCardRow } from '../persistence/gift-card.repository.js';

type Actor = EventEnvelope['actor'];

/** Balance lookups per caller (user, else network) and minute: a desk never needs more; a guesser gets nowhere in 98 bits. */
export const GIFT_CARD_LOOKUPS_PER_MINUTE = 30;

export function toGiftCardView(c: GiftCardRow, entries: readonly GiftCardEntryRow[], now: Date): GiftCardView {
  return {
    id: c.id,
    code: c.code.match(/.{1,4}/g)!.join('-'),
    kind: c.kind,
    initialMinor: c.initialMinor,
    balanceMinor: c.balanceMinor,
    currency: c.currency,
    status: statusOf(c, now),
    clientId: c.clientId,
    locationId: c.locationId,
    soldOnTicketId: c.soldOnTicketId,
    issuedAt: c.issuedAt.toISOString(),
    expiresAt: c.expiresAt?.toISOString() ?? null,
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      amountMinor: e.amountMinor,
      balanceAfterMinor: e.balanceAfterMinor,
      ticketId: e.ticketId,
      paymentId: e.paymentId,
      reason: e.reason,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

/**
 * Gift certificates and cards: issued when the ticket that sells them closes, spent as a tender,
 * given back by a refund of that tender. Every change of a balance is one conditional UPDATE of the
 * card's row plus its ledger entry, in the caller's transaction.
 */
@Injectable()
export class GiftCardsUseCase {
  private readonly lookups: RateLimiterRedis;

  constructor(
    private readonly cards: GiftCardRepository,
    private readonly outbox: OutboxWriter,
    private readonly settings: PosSettingsRepository,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: BaseConfig,
  ) {
    this.lookups = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_KEY_PREFIX}gift-card-lookup`,
      points: GIFT_CARD_LOOKUPS_PER_MINUTE,
      duration: 60,
    });
  }

  /** GET /api/gift-cards/{code}: the balance, limited per caller (codes cannot be guessed by trying). */
  async balance(code: string, caller: string, now = new Date()): Promise<GiftCardBalanceView> {
    try {
      await this.lookups.consume(caller);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new TooManyRequestsError('Too many gift card lookups; wait a minute', Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    }
    const card = await this.cards.byCode(normalizeCode(code));
    if (!card) throw new NotFoundError('No gift card has this code');
    const view = toGiftCardView(card, [], now);
    return { code: view.code, balanceMinor: card.balanceMinor, currency: card.currency, status: view.status, expiresAt: view.expiresAt };
  }

  async list(query: unknown, now = new Date()): Promise<GiftCardListView> {
    const q = parseInput(giftCardListQuerySchema, query);
    const rows = await this.cards.list({ search: q.search, clientId: q.clientId, limit: q.limit ?? 200 });
    const entries = await this.cards.entriesOf(rows.map((r) => r.id));
    return {
      cards: rows.map((r) => toGiftCardView(r, entries.get(r.id) ?? [], now)),
      liabilityMinor: await this.cards.liabilityMinor(now),
    };
  }

  async get(id: string, now = new Date()): Promise<GiftCardView> {
    const card = isUuid(id) ? await this.cards.find(id) : null;
    if (!card) throw new NotFoundError(`Gift card ${id} not found`);
    return toGiftCardView(card, (await this.cards.entriesOf([id])).get(id) ?? [], now);
  }

  /** The cards sold on a ticket (the receipt shows their codes). */
  async soldOn(ticketId: string, now = new Date()): Promise<GiftCardView[]> {
    if (!isUuid(ticketId)) return [];
    return (await this.cards.soldOn(ticketId)).map((r) => toGiftCardView(r, [], now));
  }

  /** A card to pay with: 400 naming giftCardCode when no card has the code. */
  async cardToRedeem(m: EntityManager, code: string): Promise<GiftCardRow> {
    const card = await this.cards.byCode(normalizeCode(code), m);
    if (!card) throw ValidationFailedError.field('giftCardCode', 'is not the code of a gift card');
    return card;
  }

  /**
   * The ticket's gift card lines become cards, in the transaction of the tender that closes it:
   * a physical number when one was typed (409 if already used), else a generated code.
   */
  async issueForTicket(
    m: EntityManager,
    ticket: { id: string; locationId: string; clientId: string | null; currency: string },
    lines: readonly { id: string; kind: string; quantity: number; netMinor: number; cardCode: string | null }[],
    actor: Actor,
    now: Date,
  ): Promise<void> {
    const sales = cardsToIssue(lines);
    if (sales.length === 0) return;
    // The location's choice at the moment of sale, fixed on each card (a later change never moves it).
    const expiryYears = (await this.settings.find(ticket.locationId, m))?.giftCardExpiryYears ?? null;
    for (const sale of sales) {
      const code = sale.cardCode ? normalizeCode(sale.cardCode) : normalizeCode(generateCode(randomBytes));
      if (sale.cardCode && (await this.cards.byCode(code, m)))
        throw new ConflictError(`Gift card ${sale.cardCode} is already issued; use another card`, undefined, 'lines');
      await this.issueOne(m, {
        code,
        kind: kindOfSale(sale.cardCode),
        amountMinor: sale.amountMinor,
        currency: ticket.currency,
        clientId: ticket.clientId,
        locationId: ticket.locationId,
        ticketId: ticket.id,
        lineId: sale.lineId,
        expiresAt: expiryOf(now, expiryYears),
        actor,
        now,
      });
    }
  }

  /**
   * A gift certificate bought online (no ticket): a generated code, the location's expiry, its
   * issued entry and event, in the caller's transaction (the one that marks the order paid).
   */
  async issueOnline(
    m: EntityManager,
    o: { locationId: string; amountMinor: number; currency: string; actor: Actor; now: Date },
  ): Promise<{ id: string; code: string; expiresAt: Date | null }> {
    const expiryYears = (await this.settings.find(o.locationId, m))?.giftCardExpiryYears ?? null;
    const code = normalizeCode(generateCode(randomBytes));
    const expiresAt = expiryOf(o.now, expiryYears);
    const id = await this.issueOne(m, {
      code,
      kind: 'certificate',
      amountMinor: o.amountMinor,
      currency: o.currency,
      clientId: null,
      locationId: o.locationId,
      ticketId: null,
      lineId: null,
      expiresAt,
      actor: o.actor,
      now: o.now,
    });
    return { id, code: code.match(/.{1,4}/g)!.join('-'), expiresAt };
  }

  private async issueOne(
    m: EntityManager,
    c: {
      code: string;
      kind: 'certificate' | 'card';
      amountMinor: number;
      currency: string;
      clientId: string | null;
      locationId: string;
      ticketId: string | null;
      lineId: string | null;
      expiresAt: Date | null;
      actor: Actor;
      now: Date;
    },
  ): Promise<string> {
    const id = await this.cards.insert(m, {
      code: c.code,
      kind: c.kind,
      initialMinor: c.amountMinor,
      currency: c.currency,
      clientId: c.clientId,
      locationId: c.locationId,
      soldOnTicketId: c.ticketId,
      soldOnLineId: c.lineId,
      issuedAt: c.now,
      expiresAt: c.expiresAt,
    });
    await this.entry(m, id, 'issued', c.amountMinor, {
      ticketId: c.ticketId ?? undefined,
      createdBy: c.actor.type === 'user' ? c.actor.id : null,
      now: c.now,
    });
    await this.outbox.append(m, {
      type: 'retail.gift-card.issued.v1',
      aggregateType: 'gift-card',
      aggregateId: id,
      locationId: c.locationId,
      actor: c.actor,
      occurredAt: c.now,
      payload: {
        giftCardId: id,
        kind: c.kind,
        amountMinor: c.amountMinor,
        currency: c.currency,
        clientId: c.clientId,
        ticketId: c.ticketId,
        expiresAt: c.expiresAt?.toISOString() ?? null,
      },
    });
    return id;
  }

  /**
   * Takes a tender's amount from the card. Checked first (expired, nothing left, too little: 409
   * naming what is left), then one conditional UPDATE decides between two desks at the same moment.
   */
  async redeemIn(
    m: EntityManager,
    card: GiftCardRow,
    r: { ticketId: string; paymentId: string; locationId: string; amountMinor: number; actor: Actor; now: Date },
  ): Promise<number> {
    const refusal = checkRedemption(card, r.amountMinor, r.now);
    if (!refusal.ok) throw new ConflictError(refusal.message, { balanceMinor: card.balanceMinor }, refusal.field);
    const after = await this.entry(m, card.id, 'redeemed', r.amountMinor, {
      ticketId: r.ticketId,
      paymentId: r.paymentId,
      createdBy: r.actor.type === 'user' ? r.actor.id : null,
      now: r.now,
    });
    await this.outbox.append(m, {
      type: 'retail.gift-card.redeemed.v1',
      aggregateType: 'gift-card',
      aggregateId: card.id,
      locationId: r.locationId,
      actor: r.actor,
      payload: {
        giftCardId: card.id,
        ticketId: r.ticketId,
        paymentId: r.paymentId,
        amountMinor: r.amountMinor,
        balanceAfterMinor: after,
        currency: card.currency,
      },
    });
    return after;
  }

  /** A refund of a gift card tender gives the value back to the card it came from. */
  async refundIn(
    m: EntityManager,
    r: { paymentId: string; refundId: string; ticketId: string; amountMinor: number; createdBy: string | null; now: Date },
  ) {
    const cardId = await this.cards.cardOfPayment(m, r.paymentId);
    if (!cardId) return;
    await this.entry(m, cardId, 'refunded', r.amountMinor, { ...r, reason: 'Refund of a gift card payment' });
  }

  private async entry(
    m: EntityManager,
    cardId: string,
    kind: 'issued' | 'redeemed' | 'refunded',
    amountMinor: number,
    e: { ticketId?: string; paymentId?: string; refundId?: string; reason?: string; createdBy: string | null; now: Date },
  ): Promise<number> {
    const delta = signedAmount(kind, amountMinor);
    const after = await this.cards.moveBalance(m, cardId, delta, e.now);
    if (after === null) {
      const card = (await this.cards.find(cardId, m))!;
      const refusal = checkRedemption(card, amountMinor, e.now);
      throw new ConflictError(
        refusal.ok ? 'This gift card was just used at another desk; try again' : refusal.message,
        { balanceMinor: card.balanceMinor },
        'giftCardCode',
      );
    }
    await this.cards.insertEntry(m, {
      giftCardId: cardId,
      kind,
      amountMinor: delta,
      balanceAfterMinor: after,
      ticketId: e.ticketId ?? null,
      paymentId: e.paymentId ?? null,
      refundId: e.refundId ?? null,
      reason: e.reason ?? null,
      createdBy: e.createdBy,
      createdAt: e.now,
    });
    return after;
  }
}
