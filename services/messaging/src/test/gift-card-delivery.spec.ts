import type { EventEnvelope, EventPayload } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { sealSecret } from '@salon/tokens';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GiftCardDeliveryQueue } from '../modules/gift-card-deliveries/jobs/gift-card-delivery-queue.js';
import { startFakePlatform, type FakePlatform } from './fake-platform.js';
import { startLocalSes, type LocalSes } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';

/**
 * retail.gift-card.purchased-online.v1 → a delayed job for the recipient's day → the e-mail with the
 * code in the salon's look, through the real consumer, the delayed queue, its worker, the delivery
 * pipeline and the local SES server. A small HTTP server stands in for identity and scheduling.
 */
const BUSINESS = 'Maple Street Salon';
const LOCATIONS = [{ id: 'loc-chicago', name: 'Chicago', timeZone: 'America/Chicago', isActive: true, isDefault: true }];
const LOOK = { primaryColor: '#0f766e', backgroundColor: '#ecfeff', logoUrl: 'https://cdn.example.com/maple.png' };

let t: MessagingTestApp;
let ses: LocalSes;
let platform: FakePlatform;

beforeAll(async () => {
  [ses, platform] = await Promise.all([
    startLocalSes({ port: 0 }),
    startFakePlatform({ business: BUSINESS, locations: LOCATIONS, clients: {}, look: LOOK }),
  ]);
  t = await startMessaging('gift_card_delivery', {
    EMAIL_PROVIDER: 'ses',
    SES_ENDPOINT: ses.url,
    CLIENTS_URL: platform.url,
    IDENTITY_URL: platform.url,
    SCHEDULING_URL: platform.url,
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([ses?.stop(), platform?.stop()]);
});

const CODE = 'ABCD-EFGH-JKMN-PQRS-TVWX';

function purchased(deliverAt: Date): EventEnvelope<EventPayload<'retail.gift-card.purchased-online.v1'>> {
  const giftCardId = randomUUID();
  return {
    id: randomUUID(),
    type: 'retail.gift-card.purchased-online.v1',
    occurredAt: new Date().toISOString(),
    aggregateType: 'gift-card',
    aggregateId: giftCardId,
    locationId: 'loc-chicago',
    actor: { type: 'client', id: null },
    traceparent: null,
    payload: {
      giftCardId,
      orderId: randomUUID(),
      sealedCode: sealSecret(CODE, process.env.EVENT_SECRET_KEY!),
      amountMinor: 7500,
      currency: 'USD',
      buyerName: 'Maya',
      recipientName: 'Rosa',
      recipientEmail: `rosa-${giftCardId.slice(0, 8)}@example.com`,
      message: 'Happy birthday!',
      deliverAt: deliverAt.toISOString(),
      expiresAt: '2031-11-24T06:00:00.000Z',
    },
  };
}

describe('a gift card bought online, e-mailed on its day', () => {
  it('waits as a delayed job until its day (once however often the event comes), then e-mails the code in the salon’s look, once', async () => {
    const inAMonth = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    const event = purchased(inAMonth);
    const bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
    await bus.publish([event]);
    await bus.publish([event]);
    const queue = t.worker!.get(GiftCardDeliveryQueue).queue;
    const job = await waitFor(() => queue.getJob(`gift-card_${event.payload.giftCardId}`), 'the delayed job');
    expect(await job.getState()).toBe('delayed');
    expect(job.opts.delay).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(await t.sql('SELECT id FROM messages WHERE idempotency_key = $1', [`gift-card:${event.payload.giftCardId}`])).toEqual([]);

    // Its day comes (the job is moved forward rather than waiting a month).
    await job.promote();
    const sent = await waitFor(async () => {
      const [r] = await t.sql<{ status: string; body_text: string; purpose: string; recipient: string }>(
        'SELECT status, body_text, purpose, recipient FROM messages WHERE idempotency_key = $1',
        [`gift-card:${event.payload.giftCardId}`],
      );
      return r && ['sent', 'delivered'].includes(r.status) ? r : null;
    }, 'the gift card e-mail');
    expect(sent).toMatchObject({ purpose: 'gift-card', recipient: event.payload.recipientEmail, body_text: '[redacted]' });
    const emails = (await ses.emails()).filter((e) => e.destination.to.includes(event.payload.recipientEmail));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`Maya sent you a $75.00 gift card to ${BUSINESS}`);
    expect(emails[0]!.body.html).toContain(CODE);
    expect(emails[0]!.body.html).toContain('color:#0f766e');
    expect(emails[0]!.body.html).toContain('src="https://cdn.example.com/maple.png"');
    expect(emails[0]!.body.text).toContain('Valid until Nov 24, 2031.');
  });
});
