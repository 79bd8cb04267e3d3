import { randomUUID } from 'node:crypto';
import { onlineGiftCardOrderViewSchema, type OnlineGiftCardOrderView } from '@salon/contracts';
import { openSecret, type SealedSecret } from '@salon/tokens';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION, type RetailTestApp } from './retail-app.js';
import { allDelivered, payOnHostedPage, type StripePeer, startRetailWithPeer, type RetailWithPeer } from './stripe-peer.js';

// Gift cards bought online, end to end on retail's side: the real app and database, the local Stripe
// peer through the SDK with its signed webhooks.
let paid: RetailWithPeer;
let t: RetailTestApp;
let peer: StripePeer;
let stripe: Stripe;

beforeAll(async () => {
  paid = await startRetailWithPeer('online_gift_cards');
  ({ t, peer, stripe } = paid);
});
afterAll(() => paid?.close());

/** A delivery day well ahead of any real today (the use-case checks it against the real clock here). */
const DAY = (() => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 30);
  return d.toISOString().slice(0, 10);
})();

const order = (o: Record<string, unknown> = {}) => ({
  locationId: LOCATION,
  amountMinor: 5000,
  buyerName: 'Maya Buyer',
  buyerEmail: 'maya@example.com',
  recipientName: 'Rosa Recipient',
  recipientEmail: 'rosa@example.com',
  message: 'Happy birthday!',
  deliverOn: DAY,
  requestKey: randomUUID(),
  ...o,
});
const buy = (body: Record<string, unknown>) => t.as(null).post('/api/online-gift-cards', body);
const read = async (id: string): Promise<OnlineGiftCardOrderView> =>
  onlineGiftCardOrderViewSchema.parse((await t.as(null).get(`/api/online-gift-cards/${id}`).expect(200)).body);
const hostedUrl = (o: OnlineGiftCardOrderView) => (o.cardModal?.kind === 'hosted_page' ? o.cardModal.url : '');

describe('a gift card bought online', () => {
  it('paid in the card modal: one card issued (webhook and poll both settle it), the recipient’s e-mail asked for on the day', async () => {
    const body = order();
    const res = await buy(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const started = onlineGiftCardOrderViewSchema.parse(res.body);
    expect(started).toMatchObject({ status: 'awaiting_payment', amountMinor: 5000, recipientName: 'Rosa Recipient', deliverOn: DAY });
    // A double tap: the same order, the same intent.
    const again = onlineGiftCardOrderViewSchema.parse((await buy(body).expect(201)).body);
    expect(again.id).toBe(started.id);
    const [row] = await t.sql<{ intent_id: string }>(`SELECT intent_id FROM online_gift_card_orders WHERE id = $1`, [started.id]);
    expect((await stripe.paymentIntents.retrieve(row!.intent_id)).metadata).toMatchObject({ kind: 'gift_card_order', orderId: started.id });

    expect((await payOnHostedPage(hostedUrl(started), '4242424242424242')).status).toBe(200);
    await allDelivered(peer);
    const paid = await read(started.id);
    expect(paid).toMatchObject({ status: 'paid', cardModal: null, failureReason: null });
    await read(started.id);

    const cards = await t.sql<{ id: string; code: string; balance_minor: number; sold_on_ticket_id: string | null }>(
      `SELECT c.id, c.code, c.balance_minor, c.sold_on_ticket_id FROM gift_cards c JOIN online_gift_card_orders o ON o.gift_card_id = c.id WHERE o.id = $1`,
      [started.id],
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ balance_minor: 5000, sold_on_ticket_id: null });
    const cardId = cards[0]!.id;
    const events = await t.sql<{ type: string; envelope: { payload: Record<string, unknown>; locationId: string } }>(
      `SELECT type, envelope FROM outbox WHERE aggregate_id = $1 ORDER BY seq`,
      [cardId],
    );
    expect(events.map((e) => e.type)).toEqual(['retail.gift-card.issued.v1', 'retail.gift-card.purchased-online.v1']);
    const sent = events[1]!.envelope.payload;
    expect(sent).toMatchObject({
      giftCardId: cardId,
      orderId: started.id,
      amountMinor: 5000,
      recipientEmail: 'rosa@example.com',
      recipientName: 'Rosa Recipient',
      buyerName: 'Maya Buyer',
      message: 'Happy birthday!',
    });
    // 9:00 on the chosen day at the location (Chicago), the code sealed (never in clear in the log).
    expect(new Date(sent.deliverAt as string).toISOString().slice(0, 10)).toBe(DAY);
    expect(JSON.stringify(events)).not.toContain(cards[0]!.code);
    expect(openSecret(sent.sealedCode as SealedSecret, process.env.EVENT_SECRET_KEY!).replace(/-/g, '')).toBe(cards[0]!.code);
    // The code is never in the order's answer.
    expect(JSON.stringify(paid)).not.toContain(cards[0]!.code.slice(0, 8));
  });

  it('a declined card: no card issued, the order says why; a new purchase can be made', async () => {
    const res = await buy(order());
    const started = onlineGiftCardOrderViewSchema.parse(res.body);
    await payOnHostedPage(hostedUrl(started), '4000000000000002');
    await allDelivered(peer);
    const after = await read(started.id);
    expect(after.status === 'awaiting_payment' || after.status === 'failed').toBe(true);
    expect(after.failureReason).toBeTruthy();
    expect(await t.sql(`SELECT gift_card_id FROM online_gift_card_orders WHERE id = $1`, [started.id])).toEqual([{ gift_card_id: null }]);
  });

  it('refuses what it must, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amountMinor: 500 }, 'amountMinor'],
      [{ recipientEmail: 'not-an-address' }, 'recipientEmail'],
      [{ deliverOn: '2020-01-01' }, 'deliverOn'],
      [{ deliverOn: 'soon' }, 'deliverOn'],
      [{ requestKey: 'x' }, 'requestKey'],
    ];
    for (const [o, field] of cases) {
      const res = await buy(order(o));
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });
});
