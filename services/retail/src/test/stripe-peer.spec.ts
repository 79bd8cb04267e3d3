import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, payOnHostedPage, peerClient, startStripePeer, type StripePeer } from './stripe-peer.js';

// The local Stripe peer through the official SDK: what checkout relies on must behave as Stripe does.
const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
let peer: StripePeer;
let stripe: Stripe;
let receiver: Server;
const received: { event: Stripe.Event | null; error: string | null }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const event = stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), webhookSecret);
        received.push({ event, error: null });
        res.writeHead(200).end('{}');
      } catch (error) {
        received.push({ event: null, error: (error as Error).message });
        res.writeHead(400).end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address() as { port: number };
  peer = await startStripePeer({ port: 0, secretKey, webhookSecret, webhookUrl: `http://127.0.0.1:${address.port}/hook` });
  stripe = await peerClient(peer, secretKey);
});
afterAll(async () => {
  await peer?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('the local Stripe peer', () => {
  it('links its pages at the address the browser reaches it by (compose: the published port), and serves them on its own', async () => {
    const published = await startStripePeer({ port: 0, secretKey, publicUrl: 'http://localhost:65001/' });
    try {
      const client = await peerClient(published, secretKey);
      const pi = await client.paymentIntents.create({ amount: 1000, currency: 'usd' });
      expect(published.hostedUrl(pi)).toMatch(/^http:\/\/localhost:65001\/hosted\/payment_intents\/pi_/);
      // The same page, asked of the peer itself, is served.
      const page = await fetch(published.hostedUrl(pi).replace('http://localhost:65001', published.url));
      expect(page.status).toBe(200);
    } finally {
      await published.stop();
    }
  });

  it('refuses a wrong key and answers an unknown call with a Stripe error, never an empty object', async () => {
    const other = await peerClient(peer, 'sk_test_wrong');
    expect(await failure(other.customers.create({}))).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    const unknown = await failure(stripe.rawRequest('GET', '/v1/subscriptions_nope'));
    expect(unknown).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404 });
    expect(unknown.message).toContain('Unrecognized request URL');
    expect(await failure(stripe.paymentIntents.retrieve('pi_missing'))).toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });

  it('charges a good card, keeps the PaymentIntent, and answers the same idempotency key with the same object', async () => {
    const customer = await stripe.customers.create({ name: 'Ada' });
    const params = {
      amount: 5500,
      currency: 'usd',
      customer: customer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
      metadata: { ticket: 't1' },
    };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'ticket-t1-tender-1' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'ticket-t1-tender-1' });
    expect(first).toMatchObject({ status: 'succeeded', amount_received: 5500, metadata: { ticket: 't1' } });
    expect(again.id).toBe(first.id);
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toHaveLength(1);
    expect(await failure(stripe.paymentIntents.create({ ...params, amount: 100 }, { idempotencyKey: 'ticket-t1-tender-1' }))).toMatchObject(
      {
        type: 'StripeIdempotencyError',
      },
    );
    expect((await stripe.paymentIntents.retrieve(first.id)).status).toBe('succeeded');
  });

  it.each([
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('declines %s with %s and leaves the PaymentIntent waiting for another card', async (number, declineCode, message) => {
    const pi = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' });
    const page = await payOnHostedPage(peer.hostedUrl(pi), number);
    expect(page.status).toBe(402);
    expect(page.html).toContain(message.replace("'", '&#39;'));
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after).toMatchObject({ status: 'requires_payment_method', last_payment_error: { decline_code: declineCode, message } });
    const direct = await failure(
      stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true }),
    );
    expect(direct).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline' });
    expect(await payOnHostedPage(peer.hostedUrl(pi), '4242424242424242')).toMatchObject({ status: 200 });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it.each(['4000002500003155', '4000002760003184'])(
    'asks for authentication with %s, and completes or fails it on the 3-D Secure page',
    async (number) => {
      const pi = await stripe.paymentIntents.create({ amount: 3000, currency: 'usd' });
      await payOnHostedPage(peer.hostedUrl(pi), number);
      const waiting = await stripe.paymentIntents.retrieve(pi.id);
      expect(waiting.status).toBe('requires_action');
      expect(waiting.next_action?.redirect_to_url?.url).toContain(`/hosted/authenticate/${pi.id}`);
      await authenticate(peer, pi, 'complete');
      expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');

      const other = await stripe.paymentIntents.create({ amount: 3000, currency: 'usd' });
      await payOnHostedPage(peer.hostedUrl(other), number);
      await authenticate(peer, other, 'fail');
      expect(await stripe.paymentIntents.retrieve(other.id)).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { code: 'payment_intent_authentication_failure' },
      });
    },
  );

  it('saves a card with a SetupIntent, then charges it off the session; an authentication card fails off the session', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const setup = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    await payOnHostedPage(peer.hostedUrl(setup), '4242424242424242');
    const saved = await stripe.setupIntents.retrieve(setup.id);
    expect(saved.status).toBe('succeeded');
    const methods = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(methods.data.map((m) => [m.card?.brand, m.card?.last4, m.card?.exp_month, m.card?.exp_year])).toEqual([
      ['visa', '4242', 12, 2031],
    ]);
    const charged = await stripe.paymentIntents.create({
      amount: 4500,
      currency: 'usd',
      customer: customer.id,
      payment_method: methods.data[0]!.id,
      off_session: true,
      confirm: true,
    });
    expect(charged.status).toBe('succeeded');

    const auth = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
    });
    const declined = await failure(
      stripe.paymentIntents.create({
        amount: 4500,
        currency: 'usd',
        customer: customer.id,
        payment_method: auth.payment_method as string,
        off_session: true,
        confirm: true,
      }),
    );
    expect(declined).toMatchObject({ type: 'StripeCardError', code: 'authentication_required' });
    expect(declined.payment_intent.status).toBe('requires_payment_method');
  });

  it('holds with manual capture, captures part, and refunds never above what was captured', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 10000,
      currency: 'usd',
      capture_method: 'manual',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    expect(pi).toMatchObject({ status: 'requires_capture', amount_capturable: 10000 });
    const captured = await stripe.paymentIntents.capture(pi.id, { amount_to_capture: 8000 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 8000 });
    const refund = await stripe.refunds.create({ payment_intent: pi.id, amount: 3000, reason: 'requested_by_customer' });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 3000, payment_intent: pi.id });
    expect(await failure(stripe.refunds.create({ payment_intent: pi.id, amount: 5001 }))).toMatchObject({
      code: 'amount_too_large',
      param: 'amount',
    });
    await stripe.refunds.create({ payment_intent: pi.id });
    const charge = await stripe.charges.retrieve(captured.latest_charge as string);
    expect(charge).toMatchObject({ amount_captured: 8000, amount_refunded: 8000, refunded: true });
    const held = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      capture_method: 'manual',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    expect((await stripe.paymentIntents.cancel(held.id)).status).toBe('canceled');
    expect(await failure(stripe.paymentIntents.capture(held.id))).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('runs the server-driven reader flow: register, process, cancel, present a card with a tip', async () => {
    const location = await stripe.terminal.locations.create({
      display_name: 'Front desk',
      address: { line1: '1 Main St', city: 'Chicago', state: 'IL', postal_code: '60601', country: 'US' },
    });
    const reader = await stripe.terminal.readers.create({ registration_code: 'simulated-wpe', label: 'Desk 1', location: location.id });
    expect(reader).toMatchObject({ status: 'online', label: 'Desk 1', action: null });
    const pi = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      allowed_payment_method_types: ['card_present'],
      capture_method: 'manual',
    });
    expect(
      ((await stripe.terminal.readers.processPaymentIntent(reader.id, { payment_intent: pi.id })) as Stripe.Terminal.Reader).action?.status,
    ).toBe('in_progress');
    expect(await failure(stripe.terminal.readers.processPaymentIntent(reader.id, { payment_intent: pi.id }))).toMatchObject({
      code: 'terminal_reader_busy',
    });
    expect(((await stripe.terminal.readers.cancelAction(reader.id)) as Stripe.Terminal.Reader).action).toBeNull();
    await stripe.terminal.readers.processPaymentIntent(reader.id, { payment_intent: pi.id });
    const presented = await stripe.testHelpers.terminal.readers.presentPaymentMethod(reader.id, { amount_tip: 1000 });
    expect(presented.action?.status).toBe('succeeded');
    expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({
      status: 'requires_capture',
      amount: 6000,
      amount_details: { tip: { amount: 1000 } },
    });
    expect((await stripe.paymentIntents.capture(pi.id)).amount_received).toBe(6000);
  });

  it('bills a subscription: the first invoice paid with the card, a renewal that fails and is paid on retry, cancel now', async () => {
    const customer = await stripe.customers.create({ metadata: { clientId: 'c1' } });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const price = await stripe.prices.create({
      unit_amount: 4900,
      currency: 'usd',
      recurring: { interval: 'month' },
      product_data: { name: 'Gold' },
    });
    expect(price).toMatchObject({ type: 'recurring', recurring: { interval: 'month', interval_count: 1 }, unit_amount: 4900 });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: pm.id,
      metadata: { membershipId: 'm1' },
    });
    expect(sub.status).toBe('active');
    const item = sub.items.data[0]!;
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86400);
    const first = await stripe.invoices.retrieve(String(sub.latest_invoice));
    expect(first).toMatchObject({ status: 'paid', amount_paid: 4900, billing_reason: 'subscription_create' });
    expect(first.parent?.subscription_details?.subscription).toBe(sub.id);

    const failed = peer.advance(sub.id, { fail: true });
    expect(failed.subscription.status).toBe('past_due');
    expect(failed.invoice).toMatchObject({ status: 'open', billing_reason: 'subscription_cycle', attempt_count: 1, amount_due: 4900 });
    expect(failed.subscription.items.data[0]!.current_period_start).toBe(item.current_period_end);
    // The invoice's own period is the one that ended; its line is the new one (as at Stripe).
    expect([failed.invoice!.period_start, failed.invoice!.period_end]).toEqual([item.current_period_start, item.current_period_end]);
    expect(failed.invoice!.lines.data[0]!.period.start).toBe(item.current_period_end);
    const paid = await stripe.invoices.pay(failed.invoice!.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 4900 });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');

    const cancelled = await stripe.subscriptions.cancel(sub.id);
    expect(cancelled.status).toBe('canceled');
    expect((await failure(stripe.invoices.pay(failed.invoice!.id))).type).toBe('StripeInvalidRequestError');
    await peer.settled();
    const types = peer
      .events()
      .filter((e) => (e.data.object as { id: string }).id === failed.invoice!.id || e.data.object.object === 'subscription')
      .map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['invoice.payment_failed', 'invoice.paid', 'customer.subscription.created', 'customer.subscription.deleted']),
    );
  });

  it('declines a renewal on a declining card; starts free until an anchor; prorates a plan change; pauses and ends at period end', async () => {
    const customer = await stripe.customers.create({});
    const good = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const silver = await stripe.prices.create({
      unit_amount: 3000,
      currency: 'usd',
      recurring: { interval: 'month' },
      product_data: { name: 'Silver' },
    });
    const gold = await stripe.prices.create({
      unit_amount: 6000,
      currency: 'usd',
      recurring: { interval: 'month' },
      product_data: { name: 'Gold' },
    });
    const anchor = Math.floor(Date.now() / 1000) + 30 * 86400;
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: silver.id }],
      default_payment_method: good.id,
      billing_cycle_anchor: anchor,
      proration_behavior: 'none',
    });
    expect(sub.status).toBe('active');
    expect(sub.items.data[0]!.current_period_end).toBe(anchor);
    expect(await stripe.invoices.retrieve(String(sub.latest_invoice))).toMatchObject({ status: 'paid', amount_due: 0 });

    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, price: gold.id }],
      proration_behavior: 'always_invoice',
    });
    expect(updated.items.data[0]!.price.id).toBe(gold.id);
    const proration = await stripe.invoices.retrieve(String(updated.latest_invoice));
    expect(proration.billing_reason).toBe('subscription_update');
    expect(proration.lines.data.map((l) => Math.sign(l.amount))).toEqual([-1, 1]);
    // Silver → gold on an almost whole period: close to the 30.00 difference, and paid.
    expect(proration.amount_paid).toBeGreaterThan(2900);
    expect(proration.amount_paid).toBeLessThanOrEqual(3000);
    expect(proration.status).toBe('paid');

    // A downgrade is a credit, spent by the next invoice.
    const down = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, price: silver.id }],
      proration_behavior: 'always_invoice',
    });
    expect((await stripe.invoices.retrieve(String(down.latest_invoice))).amount_due).toBe(0);
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance).toBeLessThan(0);
    const renewal = peer.advance(sub.id);
    expect(renewal.invoice!.status).toBe('paid');
    expect(renewal.invoice!.amount_paid).toBeLessThan(3000);

    const paused = await stripe.subscriptions.update(sub.id, { pause_collection: { behavior: 'void' } });
    expect(paused.pause_collection).toMatchObject({ behavior: 'void' });
    expect(peer.advance(sub.id).invoice!.status).toBe('void');
    expect((await stripe.subscriptions.update(sub.id, { pause_collection: '' })).pause_collection).toBeNull();

    await stripe.subscriptions.update(sub.id, { default_payment_method: good.id, cancel_at_period_end: true });
    expect(peer.advance(sub.id).subscription.status).toBe('canceled');
  });

  it('leaves a renewal on a declined card past due, the invoice open for a retry with another card', async () => {
    const customer = await stripe.customers.create({});
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const price = await stripe.prices.create({
      unit_amount: 2500,
      currency: 'usd',
      recurring: { interval: 'year' },
      product_data: { name: 'Year' },
    });
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], default_payment_method: pm.id });
    const declining = await stripe.paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id });
    await stripe.subscriptions.update(sub.id, { default_payment_method: declining.id });
    const dearer = await stripe.prices.create({
      unit_amount: 5000,
      currency: 'usd',
      recurring: { interval: 'year' },
      product: price.product as string,
    });
    const refused = await failure(
      stripe.subscriptions.update(sub.id, {
        items: [{ id: sub.items.data[0]!.id, price: dearer.id }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      }),
    );
    expect(refused.code).toBe('card_declined');
    const unchanged = await stripe.subscriptions.retrieve(sub.id);
    expect([unchanged.status, unchanged.items.data[0]!.price.id]).toEqual(['active', price.id]);
    const { invoice, subscription } = peer.advance(sub.id);
    expect(subscription.status).toBe('past_due');
    expect(invoice!.status).toBe('open');
    expect((await failure(stripe.invoices.pay(invoice!.id))).code).toBe('card_declined');
    expect(await stripe.invoices.pay(invoice!.id, { payment_method: pm.id })).toMatchObject({ status: 'paid', attempt_count: 3 });
  });

  it('signs every webhook so that the SDK accepts it, and a tampered one is refused', async () => {
    await peer.settled();
    expect(received.length).toBeGreaterThan(10);
    expect(received.filter((r) => r.error)).toEqual([]);
    const types = new Set(received.map((r) => r.event!.type));
    for (const type of [
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
      'payment_intent.canceled',
      'charge.refunded',
      'setup_intent.created',
      'setup_intent.succeeded',
      'invoice.paid',
      'invoice.payment_failed',
    ]) {
      expect(types).toContain(type);
    }
    const event = peer.events().at(-1)!;
    expect(() => stripe.webhooks.constructEvent(JSON.stringify(event), 't=1,v1=deadbeef', webhookSecret)).toThrow();
  });
});
