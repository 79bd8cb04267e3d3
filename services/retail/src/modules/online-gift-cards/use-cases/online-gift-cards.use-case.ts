import { Inject, Injectable } from '@nestjs/common';
import { buyGiftCardOnlineInputSchema, isUuid, type OnlineGiftCardOrderView } from '@salon/contracts';
import { APP_CONFIG, AppError, NotFoundError, OutboxWriter, parseInput, ValidationFailedError } from '@salon/nest-kit';
import { sealSecret } from '@salon/tokens';
import { DataSource } from 'typeorm';
import type { RetailConfig } from '../../../config.js';
import { GiftCardsUseCase } from '../../gift-cards/use-cases/gift-cards.use-case.js';
import { PaymentGateway, type CardIntent } from '../../payments/domain/payment-gateway.js';
import { PlatformLookup } from '../../tickets/persistence/platform-lookup.provider.js';
import { deliveryTime, orderKey, orderStep } from '../domain/online-gift-cards.rules.js';
import { OnlineGiftCardOrderRepository, type OrderRow } from '../persistence/online-gift-card-order.repository.js';

class CardsOffError extends AppError {
  readonly status = 422;
  readonly code = 'UNPROCESSABLE_ENTITY';
}

/**
 * Gift cards bought online from the booking page (no account). `buy` records the order (one per
 * request key) and its PaymentIntent (one per order, Stripe idempotency key from the order), and
 * answers the hosted card modal. Once Stripe says the intent succeeded (the webhook or the page's
 * poll, whichever comes first) the order moves from awaiting_payment to paid under its row lock and,
 * in that transaction, the card is issued (its issued event) and retail.gift-card.purchased-online.v1
 * asks messaging to e-mail the recipient on the chosen day. A second settle finds the order paid and
 * does nothing: one card per payment.
 */
@Injectable()
export class OnlineGiftCardsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OnlineGiftCardOrderRepository,
    private readonly cards: GiftCardsUseCase,
    private readonly gateway: PaymentGateway,
    private readonly platform: PlatformLookup,
    private readonly outbox: OutboxWriter,
    @Inject(APP_CONFIG) private readonly config: RetailConfig,
  ) {}

  async buy(input: unknown, now = new Date()): Promise<OnlineGiftCardOrderView> {
    const i = parseInput(buyGiftCardOnlineInputSchema, input);
    if (!this.gateway.enabled)
      throw new CardsOffError('Card payments are not set up, so gift cards cannot be bought online; please call the salon');
    const zone = await this.platform.timeZoneOf(i.locationId);
    const when = deliveryTime(i.deliverOn, zone, now);
    if (!when.ok) throw ValidationFailedError.field('deliverOn', when.message);
    let order = await this.orders.insertOnce({
      requestKey: i.requestKey,
      locationId: i.locationId,
      amountMinor: i.amountMinor,
      currency: 'USD',
      buyerName: i.buyerName,
      buyerEmail: i.buyerEmail,
      recipientName: i.recipientName,
      recipientEmail: i.recipientEmail,
      message: i.message || null,
      deliverOn: i.deliverOn,
      deliverAt: when.deliverAt,
      createdAt: now,
    });
    if (order.status === 'awaiting_payment' && !order.intentId) {
      const intent = await this.gateway.createIntent({
        amountMinor: order.amountMinor,
        currency: order.currency,
        idempotencyKey: orderKey(order.id, 'intent'),
        metadata: { kind: 'gift_card_order', orderId: order.id, locationId: order.locationId },
        description: 'Gift card',
      });
      await this.orders.setIntent(order.id, intent.id);
      order = (await this.orders.find(order.id))!;
    }
    return this.view(order.id, now);
  }

  /** The page's poll: the order as it stands, settled first from Stripe's current word. */
  async view(id: string, now = new Date()): Promise<OnlineGiftCardOrderView> {
    if (!isUuid(id)) throw new NotFoundError(`Gift card order ${id} not found`);
    let order = await this.orders.find(id);
    if (!order) throw new NotFoundError(`Gift card order ${id} not found`);
    let intent: CardIntent | null = null;
    if (order.status === 'awaiting_payment' && order.intentId) {
      intent = await this.gateway.retrieveIntent(order.intentId);
      order = await this.settleWith(order, intent, now);
    }
    const modal =
      order.status === 'awaiting_payment' && intent?.clientSecret ? this.gateway.modal(intent.clientSecret, intent.id, 'payment') : null;
    return {
      id: order.id,
      status: order.status,
      amountMinor: order.amountMinor,
      currency: order.currency,
      recipientName: order.recipientName,
      deliverOn: order.deliverOn,
      failureReason: order.failureReason ?? (order.status === 'awaiting_payment' ? (intent?.failureReason ?? null) : null),
      cardModal: modal,
      expiresAt: order.giftCardId ? ((await this.orders.cardExpiry(order.giftCardId))?.toISOString() ?? null) : null,
    };
  }

  /** A webhook about an order's intent (metadata.kind = gift_card_order): the same settling as the poll. */
  async settleIntent(intent: CardIntent, now = new Date()): Promise<void> {
    const order = await this.orders.byIntent(intent.id);
    if (order) await this.settleWith(order, intent, now);
  }

  private async settleWith(order: OrderRow, intent: CardIntent, now: Date): Promise<OrderRow> {
    const step = orderStep(order.status, intent);
    if (step.do === 'fail') await this.orders.markFailed(order.id, step.reason);
    if (step.do === 'issue') await this.issue(order.id, now);
    return (await this.orders.find(order.id))!;
  }

  private async issue(orderId: string, now: Date): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const order = (await this.orders.find(orderId, m, true))!;
      if (order.status !== 'awaiting_payment') return; // the webhook and the poll at once: the first one issued it
      const actor = { type: 'client' as const, id: null };
      const card = await this.cards.issueOnline(m, {
        locationId: order.locationId,
        amountMinor: order.amountMinor,
        currency: order.currency,
        actor,
        now,
      });
      await this.orders.markPaid(m, order.id, card.id, now);
      await this.outbox.append(m, {
        type: 'retail.gift-card.purchased-online.v1',
        aggregateType: 'gift-card',
        aggregateId: card.id,
        locationId: order.locationId,
        actor,
        occurredAt: now,
        payload: {
          giftCardId: card.id,
          orderId: order.id,
          sealedCode: sealSecret(card.code, this.config.EVENT_SECRET_KEY),
          amountMinor: order.amountMinor,
          currency: order.currency,
          buyerName: order.buyerName,
          recipientName: order.recipientName,
          recipientEmail: order.recipientEmail,
          message: order.message,
          deliverAt: order.deliverAt.toISOString(),
          expiresAt: card.expiresAt?.toISOString() ?? null,
        },
      });
    });
  }
}
