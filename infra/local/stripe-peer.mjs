#!/usr/bin/env node
// A local, stateful stand-in for the parts of Stripe's API that checkout uses, so the official
// `stripe` SDK (pointed here with host/port/protocol) runs end to end without the internet.
// `emulate` lacks refunds, capture, SetupIntents, PaymentMethods and Terminal, and answers unknown
// routes with a non-Stripe 404 (the SDK then resolves `{}`): this peer answers every call it does
// not know with a Stripe-shaped error instead. Objects follow the SDK's own types (JSDoc below).
//
//   import { startStripePeer } from './infra/local/stripe-peer.mjs'
//   const peer = await startStripePeer({ port: 8007, secretKey, webhookSecret, webhookUrl })
//   peer.url; peer.events(); await peer.resend(eventId); peer.setWebhookUrl(url); await peer.stop()
//   node infra/local/stripe-peer.mjs --port 8007 --secret-key sk_test_… --webhook-secret whsec_… --webhook-url http://…
//
// HTTP (the SDK's): /v1/customers, /v1/payment_methods (+ /attach, /detach), /v1/payment_intents
// (+ /confirm, /capture, /cancel), /v1/setup_intents (+ /confirm, /cancel), /v1/refunds,
// /v1/charges, /v1/events, /v1/terminal/locations, /v1/terminal/readers (+ /process_payment_intent,
// /cancel_action), /v1/test_helpers/terminal/readers/:id/present_payment_method.
// Pages (the hosted card modal, on the peer's own origin so card numbers never reach the app):
// GET /hosted/payment_intents/:id?client_secret=&origin=, GET /hosted/setup_intents/:id?…, and
// GET /hosted/authenticate/:id (the 3-D Secure step). Control: GET /_peer/events,
// POST /_peer/events/:id/resend, POST /_peer/webhook {"url"}, POST /_peer/subscriptions/:id/advance {"fail"?}
// (the period ends now: the renewal invoice is made and charged, failing when asked or when the card declines).
// Billing: /v1/products, /v1/prices (recurring), /v1/subscriptions (create with billing_cycle_anchor and
// proration_behavior, update items with proration, cancel_at_period_end, pause_collection; DELETE cancels
// now), /v1/invoices (+ /pay); webhooks invoice.created|finalized|paid|payment_succeeded|payment_failed|voided
// and customer.subscription.created|updated|deleted.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** @typedef {import('stripe').Stripe.PaymentIntent} PaymentIntent */
/** @typedef {import('stripe').Stripe.PaymentMethod} PaymentMethod */
/** @typedef {import('stripe').Stripe.SetupIntent} SetupIntent */
/** @typedef {import('stripe').Stripe.Customer} Customer */
/** @typedef {import('stripe').Stripe.Refund} Refund */
/** @typedef {import('stripe').Stripe.Charge} Charge */
/** @typedef {import('stripe').Stripe.Event} StripeEvent */
/** @typedef {import('stripe').Stripe.Terminal.Reader} Reader */
/** @typedef {import('stripe').Stripe.Product} Product */
/** @typedef {import('stripe').Stripe.Price} Price */
/** @typedef {import('stripe').Stripe.Subscription} Subscription */
/** @typedef {import('stripe').Stripe.Invoice} Invoice */

/**
 * Stripe's test cards (https://docs.stripe.com/testing) and what each does here. `auth` cards need
 * 3-D Secure: on a session they answer requires_action (the hosted authenticate page completes it),
 * off a session they fail with authentication_required.
 */
const TEST_CARDS = {
  4242424242424242: { brand: 'visa' },
  4000056655665556: { brand: 'visa', funding: 'debit' },
  5555555555554444: { brand: 'mastercard' },
  378282246310005: { brand: 'amex' },
  4000000000000002: { brand: 'visa', decline: 'generic_decline' },
  4000000000009995: { brand: 'visa', decline: 'insufficient_funds' },
  4000000000009987: { brand: 'visa', decline: 'lost_card' },
  4000000000000069: { brand: 'visa', decline: 'expired_card', code: 'expired_card' },
  4000000000000127: { brand: 'visa', decline: 'incorrect_cvc', code: 'incorrect_cvc' },
  4000002500003155: { brand: 'visa', auth: 'off_session' },
  4000002760003184: { brand: 'visa', auth: 'always' },
};

/** Stripe's test PaymentMethod ids, each a card above. */
const TEST_PAYMENT_METHODS = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
};

const DECLINE_MESSAGES = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  lost_card: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
};

const PREFIX = {
  customer: 'cus',
  payment_method: 'pm',
  payment_intent: 'pi',
  setup_intent: 'seti',
  charge: 'ch',
  refund: 're',
  event: 'evt',
  'terminal.reader': 'tmr',
  'terminal.location': 'tml',
  product: 'prod',
  price: 'price',
  subscription: 'sub',
  subscription_item: 'si',
  invoice: 'in',
  invoice_line: 'il',
};

class StripeError extends Error {
  /** @param {number} status @param {Record<string, unknown>} error */
  constructor(status, error) {
    super(String(error.message));
    this.status = status;
    this.error = error;
  }
}

const invalid = (message, param, extra = {}) => new StripeError(400, { type: 'invalid_request_error', message, param, ...extra });
const missing = (kind, id, param = 'id') =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });

/**
 * @param {object} options
 * @param {number} [options.port] 0 picks a free one
 * @param {string} [options.host]
 * @param {string} [options.secretKey] when set, every /v1 call must carry it as its Bearer key
 * @param {string} [options.webhookSecret] signs webhooks (whsec_…); without it none are sent
 * @param {string} [options.webhookUrl] where events are POSTed
 * @param {() => number} [options.now] the clock in ms (the browser walk runs the platform on a shifted clock; signatures carry its time)
 */
export async function startStripePeer({
  port = 8007,
  host = '127.0.0.1',
  secretKey,
  webhookSecret,
  webhookUrl,
  publicUrl,
  now = Date.now,
} = {}) {
  /** @type {Map<string, Record<string, any>>} every object by id */
  const objects = new Map();
  /** @type {Map<string, { fingerprint: string, status: number, body: unknown }>} */
  const idempotency = new Map();
  /** @type {StripeEvent[]} */
  const events = [];
  const deliveries = [];
  let target = webhookUrl ?? null;
  /** Deliveries under way: Stripe sends events side by side, in no promised order, so the peer does too. */
  const inFlight = new Set();
  let origin = '';

  const seconds = () => Math.floor(now() / 1000);
  const newId = (object) => `${PREFIX[object]}_${randomBytes(12).toString('hex')}`;
  const get = (object, id, param) => {
    const found = objects.get(id);
    if (!found || found.object !== object) throw missing(object.replace('terminal.', 'terminal ').replace('_', ''), id, param);
    return found;
  };

  // ---- events and webhooks ---------------------------------------------------------------------

  function emit(type, object, previous) {
    /** @type {StripeEvent} */
    const event = /** @type {any} */ ({
      id: newId('event'),
      object: 'event',
      api_version: '2026-10-29.clover',
      created: seconds(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: target ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    });
    events.push(event);
    if (target && webhookSecret) {
      const delivery = deliver(event)
        .catch(() => {})
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    }
    return event;
  }

  /** Posts one event, signed as Stripe signs (t=…,v1=HMAC-SHA256 of "t.payload"); retries a few times like Stripe. */
  async function deliver(event, url = target) {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': stripeSignature(webhookSecret, payload, seconds()),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
          // A receiver that hangs gets Stripe's treatment: the attempt fails and is retried.
          signal: AbortSignal.timeout(10_000),
        });
        await res.text();
        deliveries.push({ eventId: event.id, type: event.type, status: res.status, attempt });
        if (res.ok) return res.status;
      } catch (error) {
        deliveries.push({ eventId: event.id, type: event.type, status: 0, attempt, error: String(error?.message ?? error) });
      }
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
    return 0;
  }

  // ---- cards and payment methods -----------------------------------------------------------------

  function cardOf(number) {
    const digits = String(number ?? '').replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      });
    }
    return {
      digits,
      rule: TEST_CARDS[digits] ?? { brand: digits.startsWith('4') ? 'visa' : digits.startsWith('5') ? 'mastercard' : 'unknown' },
    };
  }

  /** @returns {PaymentMethod} */
  function createPaymentMethod(card, type = 'card', billing = {}) {
    const { digits, rule } = cardOf(card.number);
    const expMonth = Number(card.exp_month ?? 12);
    const expYear = Number(card.exp_year ?? new Date(now()).getUTCFullYear() + 3);
    if (!(expMonth >= 1 && expMonth <= 12))
      throw new StripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_month',
        message: "Your card's expiration month is invalid.",
        param: 'exp_month',
      });
    if (expYear < new Date(now()).getUTCFullYear())
      throw new StripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        message: "Your card's expiration year is in the past.",
        param: 'exp_year',
      });
    const details = {
      brand: rule.brand,
      last4: digits.slice(-4),
      exp_month: expMonth,
      exp_year: expYear,
      funding: rule.funding ?? 'credit',
      country: 'US',
    };
    const pm = {
      id: newId('payment_method'),
      object: 'payment_method',
      billing_details: { address: null, email: null, name: billing.name ?? null, phone: null },
      ...(type === 'card_present'
        ? { card_present: { ...details, read_method: 'contact_emv' } }
        : { card: { ...details, checks: { cvc_check: 'pass' }, wallet: null } }),
      created: seconds(),
      customer: null,
      livemode: false,
      metadata: {},
      type,
    };
    // The card number itself is kept only inside the peer, as Stripe keeps it.
    Object.defineProperty(pm, '_rule', { value: rule, enumerable: false });
    objects.set(pm.id, pm);
    return pm;
  }

  function paymentMethodFrom(id) {
    if (typeof id === 'string' && TEST_PAYMENT_METHODS[id]) return createPaymentMethod({ number: TEST_PAYMENT_METHODS[id] });
    return get('payment_method', id, 'payment_method');
  }

  // ---- payment intents ---------------------------------------------------------------------------

  /** Tries a PaymentIntent's payment method: succeeds, asks for capture or authentication, or declines (402 card_error). */
  function attempt(pi, { offSession = false, authenticated = false } = {}) {
    const pm = get('payment_method', pi.payment_method, 'payment_method');
    const rule = pm._rule ?? {};
    // 3155 asks for authentication unless it was set up for later and is charged off the session; 3184 always asks.
    const needsAuth = !authenticated && (rule.auth === 'always' || (rule.auth === 'off_session' && !(offSession && pm._setUp)));
    if (needsAuth && pm.type === 'card') {
      if (offSession) {
        return fail(pi, pm, {
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        });
      }
      const previous = { status: pi.status };
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${origin}/hosted/authenticate/${pi.id}?client_secret=${pi.client_secret}`,
          return_url: pi._returnUrl ?? null,
        },
      };
      emit('payment_intent.requires_action', pi, previous);
      return pi;
    }
    if (rule.decline)
      return fail(pi, pm, { code: rule.code ?? 'card_declined', decline_code: rule.decline, message: DECLINE_MESSAGES[rule.decline] });
    pi.next_action = null;
    pi.last_payment_error = null;
    const charge = {
      id: newId('charge'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      created: seconds(),
      currency: pi.currency,
      customer: pi.customer,
      livemode: false,
      metadata: pi.metadata,
      paid: true,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details:
        pm.type === 'card_present' ? { type: 'card_present', card_present: pm.card_present } : { type: 'card', card: pm.card },
      refunded: false,
      refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      status: 'succeeded',
    };
    charge.refunds.url = `/v1/charges/${charge.id}/refunds`;
    objects.set(charge.id, charge);
    pi.latest_charge = charge.id;
    if (pi.setup_future_usage && pi.customer) attach(pm, pi.customer);
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
      emit('payment_intent.amount_capturable_updated', pi);
    } else capture(pi, pi.amount);
    return pi;
  }

  function capture(pi, amount) {
    const charge = objects.get(pi.latest_charge);
    pi.status = 'succeeded';
    pi.amount_received = amount;
    pi.amount_capturable = 0;
    charge.captured = true;
    charge.amount_captured = amount;
    if (amount < charge.amount) charge.amount_refunded = charge.amount - amount;
    emit('charge.succeeded', charge);
    emit('payment_intent.succeeded', pi);
  }

  function fail(pi, pm, { code, decline_code, message }) {
    const error = {
      type: 'card_error',
      code,
      decline_code,
      message,
      payment_method: structuredClone(pm),
      doc_url: `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`,
    };
    pi.status = 'requires_payment_method';
    pi.next_action = null;
    pi.last_payment_error = error;
    emit('payment_intent.payment_failed', pi);
    throw new StripeError(402, { ...error, payment_intent: structuredClone(pi) });
  }

  /** @returns {PaymentIntent} */
  function createPaymentIntent(p) {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 50)
      throw invalid('Amount must be at least $0.50 usd', 'amount', { code: 'amount_too_small' });
    if (!p.currency) throw invalid('Missing required param: currency.', 'currency', { code: 'parameter_missing' });
    if (p.customer) get('customer', p.customer, 'customer');
    const id = newId('payment_intent');
    const pi = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: p.capture_method ?? 'automatic',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: seconds(),
      currency: String(p.currency).toLowerCase(),
      customer: p.customer ?? null,
      description: p.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: p.metadata ?? {},
      next_action: null,
      payment_method: null,
      payment_method_types: p.allowed_payment_method_types ?? p.payment_method_types ?? ['card'],
      allowed_payment_method_types: p.allowed_payment_method_types ?? p.payment_method_types ?? ['card'],
      receipt_email: p.receipt_email ?? null,
      setup_future_usage: p.setup_future_usage ?? null,
      status: 'requires_payment_method',
    };
    objects.set(id, pi);
    emit('payment_intent.created', pi);
    if (p.payment_method) pi.payment_method = paymentMethodFrom(p.payment_method).id;
    if (pi.payment_method) pi.status = 'requires_confirmation';
    if (truthy(p.confirm)) return confirmPaymentIntent(pi, p);
    return pi;
  }

  function confirmPaymentIntent(pi, p) {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status)) {
      throw invalid(`You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`, undefined, {
        code: 'payment_intent_unexpected_state',
        payment_intent: structuredClone(pi),
      });
    }
    if (p.payment_method) pi.payment_method = paymentMethodFrom(p.payment_method).id;
    if (p.return_url) pi._returnUrl = p.return_url;
    if (!pi.payment_method)
      throw invalid("You cannot confirm this PaymentIntent because it's missing a payment method.", 'payment_method', {
        code: 'payment_intent_unexpected_state',
      });
    return attempt(pi, { offSession: truthy(p.off_session) });
  }

  function cancelPaymentIntent(pi, reason) {
    if (['succeeded', 'canceled'].includes(pi.status)) {
      throw invalid(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, undefined, {
        code: 'payment_intent_unexpected_state',
        payment_intent: structuredClone(pi),
      });
    }
    pi.status = 'canceled';
    pi.canceled_at = seconds();
    pi.cancellation_reason = reason ?? null;
    pi.amount_capturable = 0;
    emit('payment_intent.canceled', pi);
    return pi;
  }

  // ---- customers and setup intents ---------------------------------------------------------------

  function attach(pm, customerId) {
    get('customer', customerId, 'customer');
    pm.customer = customerId;
    Object.defineProperty(pm, '_setUp', { value: true, configurable: true });
    emit('payment_method.attached', pm);
    return pm;
  }

  /** @returns {SetupIntent} */
  function createSetupIntent(p) {
    if (p.customer) get('customer', p.customer, 'customer');
    const id = newId('setup_intent');
    const si = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      created: seconds(),
      customer: p.customer ?? null,
      description: p.description ?? null,
      last_setup_error: null,
      livemode: false,
      metadata: p.metadata ?? {},
      next_action: null,
      payment_method: p.payment_method ? paymentMethodFrom(p.payment_method).id : null,
      payment_method_types: p.allowed_payment_method_types ?? p.payment_method_types ?? ['card'],
      status: 'requires_payment_method',
      usage: p.usage ?? 'off_session',
    };
    objects.set(id, si);
    if (si.payment_method) si.status = 'requires_confirmation';
    emit('setup_intent.created', si);
    if (truthy(p.confirm)) return confirmSetupIntent(si, p);
    return si;
  }

  function confirmSetupIntent(si, p) {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(si.status)) {
      throw invalid(`You cannot confirm this SetupIntent because it has a status of ${si.status}.`, undefined, {
        code: 'setup_intent_unexpected_state',
      });
    }
    if (p.payment_method) si.payment_method = paymentMethodFrom(p.payment_method).id;
    if (!si.payment_method) throw invalid("You cannot confirm this SetupIntent because it's missing a payment method.", 'payment_method');
    const pm = objects.get(si.payment_method);
    const rule = pm._rule ?? {};
    if (rule.decline) {
      si.status = 'requires_payment_method';
      si.last_setup_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: rule.decline,
        message: DECLINE_MESSAGES[rule.decline],
      };
      emit('setup_intent.setup_failed', si);
      throw new StripeError(402, { ...si.last_setup_error, setup_intent: structuredClone(si) });
    }
    if (si.customer) attach(pm, si.customer);
    si.status = 'succeeded';
    si.last_setup_error = null;
    emit('setup_intent.succeeded', si);
    return si;
  }

  // ---- refunds -----------------------------------------------------------------------------------

  /** @returns {Refund} */
  function createRefund(p) {
    let charge;
    if (p.payment_intent) {
      const pi = get('payment_intent', p.payment_intent, 'payment_intent');
      if (pi.status !== 'succeeded' || !pi.latest_charge) {
        throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent', {
          code: 'charge_not_refundable',
        });
      }
      charge = objects.get(pi.latest_charge);
    } else if (p.charge) charge = get('charge', p.charge, 'charge');
    else
      throw invalid('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent', {
        code: 'parameter_missing',
      });
    const left = charge.amount_captured - charge.amount_refunded;
    if (left <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, { code: 'charge_already_refunded' });
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      throw invalid('Invalid positive integer', 'amount', { code: 'parameter_invalid_integer' });
    if (amount > left) {
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount',
        { code: 'amount_too_large' },
      );
    }
    const refund = {
      id: newId('refund'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: seconds(),
      currency: charge.currency,
      metadata: p.metadata ?? {},
      payment_intent: charge.payment_intent,
      reason: p.reason ?? null,
      status: 'succeeded',
    };
    objects.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    charge.refunds.data.unshift(refund);
    charge.refunds.total_count += 1;
    emit('refund.created', refund);
    emit('charge.refunded', charge, previous);
    return refund;
  }

  // ---- terminal ----------------------------------------------------------------------------------

  /** @returns {Reader} */
  function registerReader(p) {
    const code = String(p.registration_code ?? '');
    if (!code) throw invalid('Missing required param: registration_code.', 'registration_code', { code: 'parameter_missing' });
    if (!/^simulated-(wpe|s700|bbpos-wisepos-e|stripe-s700)$/.test(code) && !/^[a-z]+-[a-z]+-[a-z]+$/.test(code)) {
      throw invalid('The registration code is invalid or expired.', 'registration_code', { code: 'resource_missing' });
    }
    if (p.location) get('terminal.location', p.location, 'location');
    const reader = {
      id: newId('terminal.reader'),
      object: 'terminal.reader',
      action: null,
      device_sw_version: '2.26.0',
      device_type: code.includes('s700') ? 'stripe_s700' : 'bbpos_wisepos_e',
      ip_address: '127.0.0.1',
      label: p.label ?? code,
      livemode: false,
      location: p.location ?? null,
      metadata: p.metadata ?? {},
      serial_number: randomBytes(6).toString('hex').toUpperCase(),
      status: 'online',
    };
    objects.set(reader.id, reader);
    return reader;
  }

  function processOnReader(reader, p) {
    if (reader.action?.status === 'in_progress')
      throw invalid('Reader is currently busy processing another request.', undefined, { code: 'terminal_reader_busy' });
    const pi = get('payment_intent', p.payment_intent, 'payment_intent');
    if (!pi.payment_method_types.includes('card_present'))
      throw invalid('This PaymentIntent is not for card_present payments.', 'payment_intent', { code: 'payment_intent_invalid_parameter' });
    if (!['requires_payment_method', 'requires_confirmation'].includes(pi.status))
      throw invalid(`This PaymentIntent has a status of ${pi.status}.`, 'payment_intent', { code: 'payment_intent_unexpected_state' });
    reader.action = {
      type: 'process_payment_intent',
      status: 'in_progress',
      failure_code: null,
      failure_message: null,
      process_payment_intent: { payment_intent: pi.id, process_config: p.process_config ?? {} },
    };
    return reader;
  }

  /** The test helper: a card is tapped on the reader (optionally with an on-reader tip). */
  function presentOnReader(reader, p) {
    if (reader.action?.type !== 'process_payment_intent' || reader.action.status !== 'in_progress') {
      throw invalid('Reader does not have a payment to collect.', undefined, { code: 'terminal_reader_invalid_state' });
    }
    const pi = objects.get(reader.action.process_payment_intent.payment_intent);
    const tip = p.amount_tip === undefined ? 0 : Number(p.amount_tip);
    const pm = createPaymentMethod({ number: p.card_present?.number ?? '4242424242424242' }, 'card_present');
    pi.payment_method = pm.id;
    if (tip > 0) {
      pi.amount += tip;
      pi.amount_details = { tip: { amount: tip } };
    }
    try {
      attempt(pi, { authenticated: true });
      reader.action.status = 'succeeded';
      emit('terminal.reader.action_succeeded', reader);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      if (tip > 0) pi.amount -= tip;
      reader.action.status = 'failed';
      reader.action.failure_code = error.error.decline_code ?? error.error.code;
      reader.action.failure_message = error.error.message;
      emit('terminal.reader.action_failed', reader);
    }
    return reader;
  }

  // ---- products, prices, subscriptions, invoices --------------------------------------------------

  /** Adds a billing interval the way Stripe does: the anchor's day of month, clamped to shorter months. */
  function addInterval(unixSeconds, interval, count = 1) {
    const d = new Date(unixSeconds * 1000);
    const months = interval === 'year' ? 12 * count : interval === 'month' ? count : 0;
    if (!months) return unixSeconds + (interval === 'week' ? 7 : 1) * 86400 * count;
    const target = new Date(
      Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()),
    );
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
    return Math.floor(target.getTime() / 1000);
  }

  /** @returns {Product} */
  function createProduct(p) {
    if (!p.name) throw invalid('Missing required param: name.', 'name', { code: 'parameter_missing' });
    const product = {
      id: newId('product'),
      object: 'product',
      active: p.active === undefined ? true : truthy(p.active),
      created: seconds(),
      default_price: null,
      description: p.description ?? null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: p.metadata ?? {},
      name: p.name,
      package_dimensions: null,
      shippable: null,
      tax_code: null,
      type: 'service',
      updated: seconds(),
      url: null,
    };
    objects.set(product.id, product);
    emit('product.created', product);
    return product;
  }

  /** @returns {Price} */
  function createPrice(p) {
    const unitAmount = Number(p.unit_amount);
    if (!Number.isInteger(unitAmount) || unitAmount < 0)
      throw invalid('Invalid non-negative integer', 'unit_amount', { code: 'parameter_invalid_integer' });
    if (!p.currency) throw invalid('Missing required param: currency.', 'currency', { code: 'parameter_missing' });
    const product = p.product ? get('product', p.product, 'product') : p.product_data ? createProduct(p.product_data) : null;
    if (!product) throw invalid('Missing required param: product.', 'product', { code: 'parameter_missing' });
    const interval = p.recurring?.interval;
    if (interval && !['day', 'week', 'month', 'year'].includes(interval))
      throw invalid(`Invalid recurring[interval]: must be one of day, week, month, or year`, 'recurring[interval]');
    const price = {
      id: newId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: seconds(),
      currency: String(p.currency).toLowerCase(),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: p.lookup_key ?? null,
      metadata: p.metadata ?? {},
      nickname: p.nickname ?? null,
      product: product.id,
      recurring: interval
        ? {
            interval,
            interval_count: Number(p.recurring.interval_count ?? 1),
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: interval ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    objects.set(price.id, price);
    emit('price.created', price);
    return price;
  }

  function subscriptionItem(sub, price, quantity, start, end) {
    const item = {
      id: newId('subscription_item'),
      object: 'subscription_item',
      created: seconds(),
      current_period_end: end,
      current_period_start: start,
      discounts: [],
      metadata: {},
      price: structuredClone(price),
      quantity,
      subscription: sub.id,
      tax_rates: [],
    };
    return item;
  }

  /** The card an invoice of this subscription is charged to: the subscription's default, else the customer's. */
  function paymentMethodOf(sub) {
    const customer = get('customer', sub.customer, 'customer');
    return sub.default_payment_method ?? customer.invoice_settings?.default_payment_method ?? null;
  }

  function invoiceLine(invoice, { amount, description, price, quantity, start, end, proration, item }) {
    return {
      id: newId('invoice_line'),
      object: 'line_item',
      amount,
      currency: invoice.currency,
      description,
      discount_amounts: [],
      discountable: !proration,
      discounts: [],
      invoice: invoice.id,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration,
          proration_details: { credited_items: null },
          subscription: invoice.parent.subscription_details.subscription,
          subscription_item: item,
        },
      },
      period: { start, end },
      pricing: {
        type: 'price_details',
        price_details: { price: price.id, product: price.product },
        unit_amount_decimal: String(price.unit_amount),
      },
      quantity,
      taxes: [],
    };
  }

  /**
   * An invoice of a subscription, finalized at once (auto-advance), its lines the period's items plus
   * the prorations waiting for it; the customer's credit balance (a downgrade's credit) is applied.
   */
  function createInvoice(sub, billingReason, lines, period = null) {
    const customer = get('customer', sub.customer, 'customer');
    const id = newId('invoice');
    const invoice = {
      id,
      object: 'invoice',
      account_country: 'US',
      amount_due: 0,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: 0,
      amount_shipping: 0,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      billing_reason: billingReason,
      collection_method: 'charge_automatically',
      created: seconds(),
      currency: sub.currency,
      customer: sub.customer,
      default_payment_method: null,
      description: null,
      ending_balance: null,
      hosted_invoice_url: null,
      last_finalization_error: null,
      lines: { object: 'list', data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `${String(customer.id).slice(4, 12).toUpperCase()}-${String(all('invoice').length + 1).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: structuredClone(sub.metadata), subscription: sub.id },
      },
      payments: { object: 'list', data: [], has_more: false, url: `/v1/invoice_payments?invoice=${id}` },
      period_end: seconds(),
      period_start: seconds(),
      starting_balance: customer.balance ?? 0,
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: 0,
      total: 0,
    };
    invoice.lines.data = lines.map((l) => invoiceLine(invoice, l));
    // As at Stripe, a renewal invoice's own period is the one that just ended; its lines carry the new one.
    if (period) {
      invoice.period_start = period.start;
      invoice.period_end = period.end;
    }
    // Prorations made since the last invoice (create_prorations) are billed with this one.
    for (const pending of sub._pendingProrations.splice(0)) invoice.lines.data.push(invoiceLine(invoice, pending));
    invoice.subtotal = invoice.total = invoice.lines.data.reduce((s, l) => s + l.amount, 0);
    // A credit balance is negative at Stripe; it pays what it can of the invoice.
    const balance = customer.balance ?? 0;
    if (invoice.total <= 0) {
      invoice.amount_due = 0;
      customer.balance = balance + invoice.total;
    } else {
      const used = Math.max(Math.min(0, balance), -invoice.total);
      invoice.amount_due = invoice.total + used;
      customer.balance = balance - used;
    }
    invoice.amount_remaining = invoice.amount_due;
    invoice.ending_balance = customer.balance;
    objects.set(id, invoice);
    emit('invoice.created', invoice);
    invoice.status = 'open';
    invoice.status_transitions.finalized_at = seconds();
    emit('invoice.finalized', invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  /**
   * Charges an open invoice off the session. Paid: invoice.paid (and .payment_succeeded), the
   * subscription active again. Declined (or `forceFail`, the test control): invoice.payment_failed,
   * the subscription past_due (incomplete while its first invoice is unpaid); throws the card error
   * when `raise`.
   */
  function payInvoice(invoice, { paymentMethod, forceFail = false, raise = false } = {}) {
    const sub = get('subscription', invoice.parent.subscription_details.subscription, 'subscription');
    const previousSub = { status: sub.status };
    let error = null;
    if (invoice.amount_due > 0) {
      const pm = paymentMethod ?? invoice.default_payment_method ?? paymentMethodOf(sub);
      invoice.attempt_count += 1;
      invoice.attempted = true;
      try {
        if (!pm)
          throw new StripeError(402, {
            type: 'card_error',
            code: 'invoice_payment_intent_requires_action',
            message: 'This customer has no attached payment source or default payment method.',
          });
        if (forceFail) {
          const card = objects.get(pm);
          throw new StripeError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: DECLINE_MESSAGES.generic_decline,
            payment_method: card ? structuredClone(card) : undefined,
          });
        }
        const pi = createPaymentIntent({
          amount: invoice.amount_due,
          currency: invoice.currency,
          customer: sub.customer,
          payment_method: pm,
          confirm: 'true',
          off_session: 'true',
          description: `Invoice ${invoice.number}`,
          metadata: { invoice: invoice.id, subscription: sub.id },
        });
        if (pi.status !== 'succeeded')
          throw new StripeError(402, {
            type: 'card_error',
            code: 'authentication_required',
            message: 'This payment requires authentication.',
          });
        invoice.payments.data.push({
          id: `inpay_${randomBytes(12).toString('hex')}`,
          object: 'invoice_payment',
          amount_paid: pi.amount_received,
          amount_requested: pi.amount,
          created: seconds(),
          currency: invoice.currency,
          invoice: invoice.id,
          is_default: true,
          livemode: false,
          payment: { type: 'payment_intent', payment_intent: pi.id },
          status: 'paid',
          status_transitions: { canceled_at: null, paid_at: seconds() },
        });
      } catch (e) {
        if (!(e instanceof StripeError)) throw e;
        error = e;
      }
    }
    if (error) {
      invoice.last_finalization_error = null;
      invoice.next_payment_attempt = addInterval(seconds(), 'day', 3);
      sub.status =
        sub.status === 'incomplete' || (!sub._everPaid && invoice.billing_reason === 'subscription_create') ? 'incomplete' : 'past_due';
      emit('invoice.payment_failed', invoice);
      if (sub.status !== previousSub.status) emit('customer.subscription.updated', sub, previousSub);
      if (raise) throw error;
      return invoice;
    }
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status = 'paid';
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = seconds();
    sub._everPaid = true;
    // Another invoice of the subscription still open keeps it past due.
    const stillOpen = all('invoice').some(
      (i) => i.id !== invoice.id && i.status === 'open' && i.parent.subscription_details.subscription === sub.id,
    );
    if (sub.status !== 'canceled') sub.status = stillOpen ? 'past_due' : 'active';
    emit('invoice.paid', invoice);
    emit('invoice.payment_succeeded', invoice);
    if (sub.status !== previousSub.status) emit('customer.subscription.updated', sub, previousSub);
    return invoice;
  }

  /** @returns {Subscription} */
  function createSubscription(p) {
    if (!p.customer) throw invalid('Missing required param: customer.', 'customer', { code: 'parameter_missing' });
    get('customer', p.customer, 'customer');
    const wanted = Array.isArray(p.items) ? p.items : Object.values(p.items ?? {});
    if (!wanted.length) throw invalid('Missing required param: items.', 'items', { code: 'parameter_missing' });
    const prices = wanted.map((i, n) => {
      if (!i.price) throw invalid(`Missing required param: items[${n}][price].`, `items[${n}][price]`, { code: 'parameter_missing' });
      const price = get('price', i.price, `items[${n}][price]`);
      if (!price.recurring)
        throw invalid(
          `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
          `items[${n}][price]`,
        );
      return { price, quantity: Number(i.quantity ?? 1) };
    });
    const { interval, interval_count: count } = prices[0].price.recurring;
    if (prices.some((x) => x.price.recurring.interval !== interval))
      throw invalid('The subscription items must all have the same billing interval.', 'items');
    if (p.default_payment_method) {
      const pm = get('payment_method', p.default_payment_method, 'default_payment_method');
      if (pm.customer !== p.customer)
        throw invalid(
          `The PaymentMethod ${pm.id} must be attached to the customer ${p.customer} before it can be a default.`,
          'default_payment_method',
        );
    }
    const start = seconds();
    const anchor = p.billing_cycle_anchor !== undefined ? Number(p.billing_cycle_anchor) : null;
    if (anchor !== null && !(anchor > start)) throw invalid('billing_cycle_anchor must be in the future.', 'billing_cycle_anchor');
    const end = anchor ?? addInterval(start, interval, count);
    const id = newId('subscription');
    const sub = {
      id,
      object: 'subscription',
      application: null,
      automatic_tax: { enabled: false, liability: null },
      billing_cycle_anchor: anchor ?? start,
      billing_mode: { type: 'classic' },
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: prices[0].price.currency,
      customer: p.customer,
      default_payment_method: p.default_payment_method ?? null,
      description: p.description ?? null,
      discounts: [],
      ended_at: null,
      items: { object: 'list', data: [], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
      latest_invoice: null,
      livemode: false,
      metadata: p.metadata ?? {},
      pause_collection: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
      pending_update: null,
      start_date: start,
      status: 'incomplete',
      trial_end: null,
      trial_start: null,
    };
    Object.defineProperty(sub, '_pendingProrations', { value: [], enumerable: false });
    Object.defineProperty(sub, '_everPaid', { value: false, writable: true, enumerable: false });
    sub.items.data = prices.map((x) => subscriptionItem(sub, x.price, x.quantity, start, end));
    objects.set(id, sub);
    // With an anchor and no proration the first (short) period is free: the desk already sold it.
    const full = (x) => x.price.unit_amount * x.quantity;
    const firstAmount = (x) =>
      anchor === null
        ? full(x)
        : p.proration_behavior === 'none'
          ? 0
          : Math.round((full(x) * (end - start)) / (addInterval(start, interval, count) - start));
    const invoice = createInvoice(
      sub,
      'subscription_create',
      sub.items.data.map((item, n) => ({
        amount: firstAmount(prices[n]),
        description: `${item.quantity} × ${item.price.nickname ?? item.price.product} (at ${money(item.price.unit_amount, item.price.currency)} / ${interval})`,
        price: item.price,
        quantity: item.quantity,
        start,
        end,
        proration: false,
        item: item.id,
      })),
    );
    emit('customer.subscription.created', sub);
    payInvoice(invoice, { raise: p.payment_behavior === 'error_if_incomplete' });
    return sub;
  }

  /** The period ends: the next invoice is made and charged (or voided while collection is paused), or the subscription ends. */
  function advanceSubscription(sub, { fail = false } = {}) {
    if (!['active', 'past_due'].includes(sub.status))
      throw invalid(`A subscription with status ${sub.status} does not renew.`, undefined, { code: 'subscription_unexpected_state' });
    const previous = { items: structuredClone(sub.items) };
    const item0 = sub.items.data[0];
    const start = item0.current_period_end;
    const ended = { start: item0.current_period_start, end: start };
    if (sub.cancel_at_period_end) {
      sub.status = 'canceled';
      sub.canceled_at ??= seconds();
      sub.ended_at = start;
      sub.cancellation_details.reason = 'cancellation_requested';
      emit('customer.subscription.deleted', sub);
      return { subscription: sub, invoice: null };
    }
    const { interval, interval_count: count } = item0.price.recurring;
    const end = addInterval(start, interval, count);
    for (const item of sub.items.data) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
    const invoice = createInvoice(
      sub,
      'subscription_cycle',
      sub.items.data.map((item) => ({
        amount: item.price.unit_amount * item.quantity,
        description: `${item.quantity} × ${item.price.nickname ?? item.price.product} (at ${money(item.price.unit_amount, item.price.currency)} / ${interval})`,
        price: item.price,
        quantity: item.quantity,
        start,
        end,
        proration: false,
        item: item.id,
      })),
      ended,
    );
    emit('customer.subscription.updated', sub, previous);
    if (sub.pause_collection) {
      invoice.status = sub.pause_collection.behavior === 'void' ? 'void' : 'draft';
      if (invoice.status === 'void') {
        invoice.status_transitions.voided_at = seconds();
        emit('invoice.voided', invoice);
      }
      return { subscription: sub, invoice };
    }
    payInvoice(invoice, { forceFail: fail });
    return { subscription: sub, invoice };
  }

  /**
   * Update: the items (a new price, prorated by `proration_behavior`: create_prorations waits for the
   * next invoice, always_invoice bills the difference now, none skips it), cancel_at_period_end,
   * pause_collection ('' resumes), default_payment_method, metadata.
   */
  function updateSubscription(sub, p) {
    if (sub.status === 'canceled')
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.', undefined, {
        code: 'subscription_unexpected_state',
      });
    const previous = {};
    if (p.metadata) {
      previous.metadata = structuredClone(sub.metadata);
      sub.metadata = { ...sub.metadata, ...p.metadata };
    }
    if (p.default_payment_method !== undefined) {
      previous.default_payment_method = sub.default_payment_method;
      sub.default_payment_method = p.default_payment_method || null;
    }
    if (p.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = truthy(p.cancel_at_period_end);
      sub.canceled_at = sub.cancel_at_period_end ? seconds() : null;
      sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
    }
    if (p.pause_collection !== undefined) {
      previous.pause_collection = sub.pause_collection;
      if (p.pause_collection === '' || p.pause_collection === null) sub.pause_collection = null;
      else {
        const behavior = p.pause_collection.behavior;
        if (!['keep_as_draft', 'mark_uncollectible', 'void'].includes(behavior))
          throw invalid(
            'Invalid pause_collection[behavior]: must be one of keep_as_draft, mark_uncollectible, or void',
            'pause_collection[behavior]',
          );
        sub.pause_collection = { behavior, resumes_at: p.pause_collection.resumes_at ? Number(p.pause_collection.resumes_at) : null };
      }
    }
    const wanted = p.items === undefined ? [] : Array.isArray(p.items) ? p.items : Object.values(p.items);
    if (wanted.length) {
      previous.items = structuredClone(sub.items);
      const behavior = p.proration_behavior ?? 'create_prorations';
      if (!['create_prorations', 'always_invoice', 'none'].includes(behavior))
        throw invalid('Invalid proration_behavior: must be one of always_invoice, create_prorations, or none', 'proration_behavior');
      const now = seconds();
      const prorations = [];
      for (const [n, w] of wanted.entries()) {
        const item = w.id ? sub.items.data.find((i) => i.id === w.id) : null;
        if (w.id && !item) throw missing('subscription_item', w.id, `items[${n}][id]`);
        if (!item || !w.price)
          throw invalid(`Adding items is not supported by the local peer: give items[${n}][id] and items[${n}][price].`, `items[${n}]`);
        const price = get('price', w.price, `items[${n}][price]`);
        if (price.recurring?.interval !== item.price.recurring.interval)
          throw invalid('Changing the billing interval of a subscription item is not supported by the local peer.', `items[${n}][price]`);
        const quantity = Number(w.quantity ?? item.quantity);
        const { current_period_start: start, current_period_end: end } = item;
        // Stripe prorates to the second: the unused time of the old price back, the rest of the period at the new one.
        const left = Math.max(0, end - now) / (end - start);
        if (behavior !== 'none' && left > 0 && (price.id !== item.price.id || quantity !== item.quantity)) {
          prorations.push({
            amount: -Math.round(item.price.unit_amount * item.quantity * left),
            description: `Unused time on ${item.price.nickname ?? item.price.product} after ${new Date(now * 1000).toISOString().slice(0, 10)}`,
            price: item.price,
            quantity: item.quantity,
            start: now,
            end,
            proration: true,
            item: item.id,
          });
          prorations.push({
            amount: Math.round(price.unit_amount * quantity * left),
            description: `Remaining time on ${price.nickname ?? price.product} after ${new Date(now * 1000).toISOString().slice(0, 10)}`,
            price,
            quantity,
            start: now,
            end,
            proration: true,
            item: item.id,
          });
        }
        item.price = structuredClone(price);
        item.quantity = quantity;
      }
      if (behavior === 'always_invoice' && prorations.length) {
        sub._pendingProrations.push(...prorations);
        const balanceBefore = get('customer', sub.customer).balance;
        const statusBefore = sub.status;
        const invoice = createInvoice(sub, 'subscription_update', []);
        try {
          payInvoice(invoice, { raise: p.payment_behavior === 'error_if_incomplete' });
        } catch (error) {
          // error_if_incomplete: a declined proration leaves the subscription as it was.
          sub.items = previous.items;
          sub.status = statusBefore;
          sub.latest_invoice = invoice.id;
          get('customer', sub.customer).balance = balanceBefore;
          invoice.status = 'void';
          invoice.status_transitions.voided_at = seconds();
          emit('invoice.voided', invoice);
          throw error;
        }
      } else sub._pendingProrations.push(...prorations);
    }
    emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  function cancelSubscription(sub, p = {}) {
    if (sub.status === 'canceled') throw invalid(`This subscription has already been canceled.`, undefined, { code: 'resource_missing' });
    const previous = { status: sub.status };
    sub.status = 'canceled';
    sub.canceled_at = seconds();
    sub.ended_at = seconds();
    sub.cancellation_details = { comment: p.cancellation_details?.comment ?? null, feedback: null, reason: 'cancellation_requested' };
    // What is still open is no longer collected.
    for (const invoice of all('invoice'))
      if (invoice.status === 'open' && invoice.parent.subscription_details.subscription === sub.id) {
        invoice.status = 'void';
        invoice.status_transitions.voided_at = seconds();
        emit('invoice.voided', invoice);
      }
    emit('customer.subscription.deleted', sub, previous);
    return sub;
  }

  // ---- HTTP --------------------------------------------------------------------------------------

  /** @type {[string, RegExp, (match: string[], p: any, url: URL) => any][]} */
  const routes = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_, p) => {
        const c = {
          id: newId('customer'),
          object: 'customer',
          created: seconds(),
          email: p.email ?? null,
          name: p.name ?? null,
          phone: p.phone ?? null,
          description: p.description ?? null,
          metadata: p.metadata ?? {},
          livemode: false,
          balance: 0,
          invoice_settings: { default_payment_method: null },
        };
        objects.set(c.id, c);
        emit('customer.created', c);
        return c;
      },
    ],
    ['GET', /^\/v1\/customers\/([^/]+)$/, ([id]) => get('customer', id)],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)$/,
      ([id], p) => {
        const c = get('customer', id);
        for (const key of ['email', 'name', 'phone', 'description']) if (p[key] !== undefined) c[key] = p[key];
        if (p.metadata) c.metadata = { ...c.metadata, ...p.metadata };
        if (p.invoice_settings?.default_payment_method)
          c.invoice_settings.default_payment_method = p.invoice_settings.default_payment_method;
        return c;
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      ([id], _, url) => {
        get('customer', id);
        return list(
          `/v1/customers/${id}/payment_methods`,
          all('payment_method').filter(
            (pm) => pm.customer === id && (!url.searchParams.get('type') || pm.type === url.searchParams.get('type')),
          ),
        );
      },
    ],
    [
      'POST',
      /^\/v1\/payment_methods$/,
      (_, p) => {
        if (p.type !== 'card') throw invalid('Only type=card is supported by the local peer.', 'type');
        if (!p.card?.number) throw invalid('Missing required param: card[number].', 'card[number]', { code: 'parameter_missing' });
        return createPaymentMethod(p.card, 'card', p.billing_details ?? {});
      },
    ],
    [
      'GET',
      /^\/v1\/payment_methods$/,
      (_, __, url) => {
        const customer = url.searchParams.get('customer');
        return list(
          '/v1/payment_methods',
          all('payment_method').filter((pm) => (!customer || pm.customer === customer) && pm.customer !== null),
        );
      },
    ],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, ([id]) => get('payment_method', id)],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, ([id], p) => attach(paymentMethodFrom(id), p.customer)],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      ([id]) => {
        const pm = get('payment_method', id);
        pm.customer = null;
        emit('payment_method.detached', pm);
        return pm;
      },
    ],
    ['POST', /^\/v1\/products$/, (_, p) => createProduct(p)],
    ['GET', /^\/v1\/products\/([^/]+)$/, ([id]) => get('product', id)],
    ['POST', /^\/v1\/prices$/, (_, p) => createPrice(p)],
    ['GET', /^\/v1\/prices\/([^/]+)$/, ([id]) => get('price', id)],
    ['POST', /^\/v1\/subscriptions$/, (_, p) => createSubscription(p)],
    [
      'GET',
      /^\/v1\/subscriptions$/,
      (_, __, url) => {
        const customer = url.searchParams.get('customer');
        const status = url.searchParams.get('status');
        return list(
          '/v1/subscriptions',
          all('subscription').filter(
            (s) => (!customer || s.customer === customer) && (status ? status === 'all' || s.status === status : s.status !== 'canceled'),
          ),
        );
      },
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, ([id]) => get('subscription', id)],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, ([id], p) => updateSubscription(get('subscription', id), p)],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, ([id], p) => cancelSubscription(get('subscription', id), p)],
    [
      'GET',
      /^\/v1\/invoices$/,
      (_, __, url) => {
        const subscription = url.searchParams.get('subscription');
        const customer = url.searchParams.get('customer');
        return list(
          '/v1/invoices',
          all('invoice')
            .filter(
              (i) =>
                (!subscription || i.parent.subscription_details.subscription === subscription) && (!customer || i.customer === customer),
            )
            .reverse(),
        );
      },
    ],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, ([id]) => get('invoice', id)],
    [
      'POST',
      /^\/v1\/invoices\/([^/]+)\/pay$/,
      ([id], p) => {
        const invoice = get('invoice', id);
        if (invoice.status !== 'open') throw invalid(`Invoice is already ${invoice.status}.`, undefined, { code: 'invoice_not_open' });
        return payInvoice(invoice, { paymentMethod: p.payment_method, raise: true });
      },
    ],
    ['POST', /^\/v1\/payment_intents$/, (_, p) => createPaymentIntent(p)],
    [
      'GET',
      /^\/v1\/payment_intents$/,
      (_, __, url) => {
        const customer = url.searchParams.get('customer');
        return list(
          '/v1/payment_intents',
          all('payment_intent').filter((pi) => !customer || pi.customer === customer),
        );
      },
    ],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, ([id]) => get('payment_intent', id)],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)$/,
      ([id], p) => {
        const pi = get('payment_intent', id);
        if (['succeeded', 'canceled', 'processing'].includes(pi.status) && p.amount !== undefined)
          throw invalid(`This PaymentIntent's amount could not be updated because it has a status of ${pi.status}.`, 'amount', {
            code: 'payment_intent_unexpected_state',
          });
        if (p.amount !== undefined) pi.amount = Number(p.amount);
        if (p.metadata) pi.metadata = { ...pi.metadata, ...p.metadata };
        if (p.description !== undefined) pi.description = p.description;
        if (p.payment_method) {
          pi.payment_method = paymentMethodFrom(p.payment_method).id;
          pi.status = 'requires_confirmation';
        }
        return pi;
      },
    ],
    ['POST', /^\/v1\/payment_intents\/([^/]+)\/confirm$/, ([id], p) => confirmPaymentIntent(get('payment_intent', id), p)],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/capture$/,
      ([id], p) => {
        const pi = get('payment_intent', id);
        if (pi.status !== 'requires_capture')
          throw invalid(`This PaymentIntent could not be captured because it has a status of ${pi.status}.`, undefined, {
            code: 'payment_intent_unexpected_state',
            payment_intent: structuredClone(pi),
          });
        const amount = p.amount_to_capture === undefined ? pi.amount_capturable : Number(p.amount_to_capture);
        if (!(amount > 0 && amount <= pi.amount_capturable))
          throw invalid(`The amount to capture must be between 1 and ${pi.amount_capturable}.`, 'amount_to_capture', {
            code: 'amount_too_large',
          });
        capture(pi, amount);
        return pi;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      ([id], p) => cancelPaymentIntent(get('payment_intent', id), p.cancellation_reason),
    ],
    ['POST', /^\/v1\/setup_intents$/, (_, p) => createSetupIntent(p)],
    ['GET', /^\/v1\/setup_intents\/([^/]+)$/, ([id]) => get('setup_intent', id)],
    ['POST', /^\/v1\/setup_intents\/([^/]+)\/confirm$/, ([id], p) => confirmSetupIntent(get('setup_intent', id), p)],
    [
      'POST',
      /^\/v1\/setup_intents\/([^/]+)\/cancel$/,
      ([id]) => {
        const si = get('setup_intent', id);
        if (si.status === 'succeeded')
          throw invalid('You cannot cancel this SetupIntent because it has a status of succeeded.', undefined, {
            code: 'setup_intent_unexpected_state',
          });
        si.status = 'canceled';
        emit('setup_intent.canceled', si);
        return si;
      },
    ],
    ['POST', /^\/v1\/refunds$/, (_, p) => createRefund(p)],
    [
      'GET',
      /^\/v1\/refunds$/,
      (_, __, url) => {
        const pi = url.searchParams.get('payment_intent');
        return list(
          '/v1/refunds',
          all('refund').filter((r) => !pi || r.payment_intent === pi),
        );
      },
    ],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, ([id]) => get('refund', id)],
    ['GET', /^\/v1\/charges\/([^/]+)$/, ([id]) => get('charge', id)],
    ['GET', /^\/v1\/events$/, () => list('/v1/events', events.slice().reverse())],
    [
      'GET',
      /^\/v1\/events\/([^/]+)$/,
      ([id]) => {
        const event = events.find((e) => e.id === id);
        if (!event) throw missing('event', id);
        return event;
      },
    ],
    [
      'POST',
      /^\/v1\/terminal\/locations$/,
      (_, p) => {
        if (!p.display_name) throw invalid('Missing required param: display_name.', 'display_name', { code: 'parameter_missing' });
        const l = {
          id: newId('terminal.location'),
          object: 'terminal.location',
          display_name: p.display_name,
          address: p.address ?? {},
          metadata: p.metadata ?? {},
          livemode: false,
        };
        objects.set(l.id, l);
        return l;
      },
    ],
    ['POST', /^\/v1\/terminal\/readers$/, (_, p) => registerReader(p)],
    [
      'GET',
      /^\/v1\/terminal\/readers$/,
      (_, __, url) => {
        const location = url.searchParams.get('location');
        return list(
          '/v1/terminal/readers',
          all('terminal.reader').filter((r) => !location || r.location === location),
        );
      },
    ],
    ['GET', /^\/v1\/terminal\/readers\/([^/]+)$/, ([id]) => get('terminal.reader', id)],
    [
      'DELETE',
      /^\/v1\/terminal\/readers\/([^/]+)$/,
      ([id]) => {
        get('terminal.reader', id);
        objects.delete(id);
        return { id, object: 'terminal.reader', deleted: true };
      },
    ],
    ['POST', /^\/v1\/terminal\/readers\/([^/]+)\/process_payment_intent$/, ([id], p) => processOnReader(get('terminal.reader', id), p)],
    [
      'POST',
      /^\/v1\/terminal\/readers\/([^/]+)\/cancel_action$/,
      ([id]) => {
        const reader = get('terminal.reader', id);
        if (reader.action?.status !== 'in_progress')
          throw invalid('Reader does not have an action in progress to cancel.', undefined, { code: 'terminal_reader_invalid_state' });
        reader.action = null;
        return reader;
      },
    ],
    [
      'POST',
      /^\/v1\/test_helpers\/terminal\/readers\/([^/]+)\/present_payment_method$/,
      ([id], p) => presentOnReader(get('terminal.reader', id), p),
    ],
  ];

  const all = (object) => [...objects.values()].filter((o) => o.object === object);
  const list = (url, data) => ({ object: 'list', data, has_more: false, url });

  async function handleApi(req, res, url, body) {
    const auth = req.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ')
      ? auth.slice(7)
      : auth.startsWith('Basic ')
        ? Buffer.from(auth.slice(6), 'base64').toString().split(':')[0]
        : '';
    if (!key)
      throw new StripeError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    if (secretKey && key !== secretKey)
      throw new StripeError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      });
    const route = routes.find(([method, pattern]) => method === req.method && pattern.test(url.pathname));
    if (!route) {
      throw new StripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      });
    }
    const params = parseForm(req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : body);
    const idempotencyKey = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    if (idempotencyKey) {
      const fingerprint = `${req.method} ${url.pathname} ${body}`;
      const earlier = idempotency.get(`${key}:${idempotencyKey}`);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          throw new StripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        return send(res, earlier.status, earlier.body, { 'idempotent-replayed': 'true', 'idempotency-key': idempotencyKey });
      }
      const answer = run(route, url, params);
      idempotency.set(`${key}:${idempotencyKey}`, { fingerprint, ...answer });
      return send(res, answer.status, answer.body, { 'idempotency-key': idempotencyKey });
    }
    const answer = run(route, url, params);
    return send(res, answer.status, answer.body);
  }

  function run([, pattern, handler], url, params) {
    try {
      const match = url.pathname.match(pattern).slice(1).map(decodeURIComponent);
      return { status: 200, body: structuredClone(handler(match, params, url)) };
    } catch (error) {
      if (error instanceof StripeError) return { status: error.status, body: { error: error.error } };
      throw error;
    }
  }

  function handlePage(req, res, url, body) {
    const [, , kind, id] = url.pathname.split('/');
    const form = Object.fromEntries(new URLSearchParams(body));
    const secret = url.searchParams.get('client_secret') ?? form.client_secret ?? '';
    const parentOrigin = url.searchParams.get('origin') ?? form.origin ?? '';
    const object = objects.get(id);
    if (!object || object.client_secret !== secret)
      return html(res, 404, page('Payment not found', '<p>This payment link is not valid.</p>'));
    if (kind === 'authenticate') {
      if (req.method === 'POST') {
        if (form.decision === 'complete' && object.status === 'requires_action') attempt(object, { authenticated: true });
        else if (object.status === 'requires_action') {
          try {
            fail(object, objects.get(object.payment_method), {
              code: 'payment_intent_authentication_failure',
              decline_code: undefined,
              message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
            });
          } catch {
            // the failure is recorded on the PaymentIntent and sent as payment_intent.payment_failed
          }
        }
        return html(res, 200, resultPage(object, parentOrigin));
      }
      return html(res, 200, authenticatePage(object, secret, parentOrigin));
    }
    if (req.method === 'POST') {
      let error = null;
      try {
        const pm = createPaymentMethod({ number: form.number, exp_month: form.exp_month, exp_year: form.exp_year }, 'card', {
          name: form.name,
        });
        if (kind === 'payment_intents') {
          object._returnUrl = `${origin}/hosted/payment_intents/${id}/done`;
          confirmPaymentIntent(object, { payment_method: pm.id });
          if (object.status === 'requires_action') return html(res, 200, authenticatePage(object, secret, parentOrigin));
        } else confirmSetupIntent(object, { payment_method: pm.id });
      } catch (e) {
        if (!(e instanceof StripeError)) throw e;
        error = e.error.message;
      }
      return html(res, error ? 402 : 200, error ? cardPage(kind, object, secret, parentOrigin, error) : resultPage(object, parentOrigin));
    }
    if (['succeeded', 'requires_capture'].includes(object.status)) return html(res, 200, resultPage(object, parentOrigin));
    return html(res, 200, cardPage(kind, object, secret, parentOrigin));
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://peer');
      const body = await readBody(req);
      if (url.pathname.startsWith('/v1/')) return await handleApi(req, res, url, body);
      if (url.pathname.startsWith('/hosted/')) return handlePage(req, res, url, body);
      if (url.pathname === '/_peer/events' && req.method === 'GET') return send(res, 200, { events, deliveries });
      const resend = url.pathname.match(/^\/_peer\/events\/([^/]+)\/resend$/);
      if (resend && req.method === 'POST') {
        const event = events.find((e) => e.id === resend[1]);
        if (!event)
          return send(res, 404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such event: '${resend[1]}'` },
          });
        return send(res, 200, { status: await deliver(event) });
      }
      const advance = url.pathname.match(/^\/_peer\/subscriptions\/([^/]+)\/advance$/);
      if (advance && req.method === 'POST') {
        const { fail = false } = JSON.parse(body || '{}');
        return send(res, 200, structuredClone(advanceSubscription(get('subscription', advance[1]), { fail })));
      }
      if (url.pathname === '/_peer/webhook' && req.method === 'POST') {
        target = JSON.parse(body || '{}').url ?? null;
        return send(res, 200, { url: target });
      }
      return send(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` },
      });
    } catch (error) {
      if (error instanceof StripeError) return send(res, error.status, { error: error.error });
      return send(res, 500, { error: { type: 'api_error', message: String(error?.message ?? error) } });
    }
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const address = server.address();
  const url = `http://${host}:${address.port}`;
  // The pages' links (hosted card page, 3-D Secure) as the browser reaches the peer: in compose the
  // peer listens on 0.0.0.0 inside its container and is published on localhost (--public-url).
  origin = (publicUrl ?? url).replace(/\/$/, '');

  return {
    url,
    port: address.port,
    /** Every event made so far, oldest first (what was sent, or would have been). */
    events: () => events.slice(),
    /** Each webhook POST and what it answered. */
    deliveries: () => deliveries.slice(),
    /** Posts an event again (a duplicate, or a late one for out-of-order tests); answers the HTTP status (0 unreachable). */
    resend: (eventId, toUrl = target) => {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`No such event ${eventId}`);
      return deliver(event, toUrl);
    },
    /** Resolves when every webhook queued so far was delivered (or gave up). */
    settled: async () => {
      // A delivery's answer can make the receiver call back and emit more, so wait until none is left.
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    setWebhookUrl: (next) => void (target = next),
    /** Ends a subscription's period now (a test clock's tick): its renewal invoice is made and charged, or fails when `fail`. */
    advance: (subscriptionId, options = {}) => structuredClone(advanceSubscription(get('subscription', subscriptionId), options)),
    /** The hosted card page of a PaymentIntent or SetupIntent (what the modal's iframe shows). */
    hostedUrl: (object, parentOrigin = '') =>
      `${origin}/hosted/${object.object === 'setup_intent' ? 'setup_intents' : 'payment_intents'}/${object.id}?client_secret=${encodeURIComponent(object.client_secret)}${parentOrigin ? `&origin=${encodeURIComponent(parentOrigin)}` : ''}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Stripe's webhook signature header: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">. */
export function stripeSignature(secret, payload, timestamp) {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;
}

// ---- pages ---------------------------------------------------------------------------------------

const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (minor, currency) =>
  `${currency === 'usd' ? '$' : ''}${(minor / 100).toFixed(2)}${currency === 'usd' ? '' : ` ${currency.toUpperCase()}`}`;

function page(title, content, script = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;padding:1rem;color:#1a1a1a}h1{font-size:1.2rem}label{display:block;margin:.6rem 0 .2rem;font-weight:600}
input{font:inherit;padding:.5rem;border:1px solid #767676;border-radius:4px;width:100%;box-sizing:border-box}.row{display:flex;gap:.5rem}.row>div{flex:1}
button{font:inherit;margin-top:1rem;padding:.6rem 1rem;border:0;border-radius:4px;background:#635bff;color:#fff;cursor:pointer}button.secondary{background:#e3e3e3;color:#1a1a1a}
[role=alert]{color:#b00020;margin:.5rem 0}.note{color:#555;font-size:.85rem}</style></head><body><main>${content}</main>${script ? `<script>${script}</script>` : ''}</body></html>`;
}

function cardPage(kind, object, secret, parentOrigin, error) {
  const isPayment = kind === 'payment_intents';
  const title = isPayment ? `Pay ${money(object.amount, object.currency)}` : 'Save a card';
  return page(
    title,
    `<h1>${esc(title)}</h1>${error ? `<p role="alert" id="card-error">${esc(error)}</p>` : ''}
<form method="post" action="/hosted/${kind}/${esc(object.id)}">
<input type="hidden" name="client_secret" value="${esc(secret)}"><input type="hidden" name="origin" value="${esc(parentOrigin)}">
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<div class="row"><div><label for="exp_month">Month</label><input id="exp_month" name="exp_month" inputmode="numeric" value="12" required></div>
<div><label for="exp_year">Year</label><input id="exp_year" name="exp_year" inputmode="numeric" value="2030" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" value="123" autocomplete="cc-csc"></div></div>
<button type="submit">${esc(isPayment ? title : 'Save card')}</button></form>
<p class="note">Local Stripe test page: use Stripe's test card numbers.</p>`,
    error ? notify(parentOrigin, { status: 'failed', message: error, id: object.id }) : '',
  );
}

function authenticatePage(object, secret, parentOrigin) {
  return page(
    'Authenticate payment',
    `<h1>Authenticate ${esc(money(object.amount, object.currency))}</h1><p>Your bank asks you to confirm this payment (3-D Secure test page).</p>
<form method="post" action="/hosted/authenticate/${esc(object.id)}"><input type="hidden" name="client_secret" value="${esc(secret)}"><input type="hidden" name="origin" value="${esc(parentOrigin)}">
<button type="submit" name="decision" value="complete">Complete authentication</button> <button type="submit" class="secondary" name="decision" value="fail">Fail authentication</button></form>`,
  );
}

function resultPage(object, parentOrigin) {
  const ok = ['succeeded', 'requires_capture'].includes(object.status);
  const message = ok
    ? object.object === 'setup_intent'
      ? 'Card saved.'
      : `Paid ${money(object.amount, object.currency)}.`
    : (object.last_payment_error?.message ?? 'The payment did not go through.');
  return page(
    ok ? 'Done' : 'Not paid',
    `<h1>${esc(message)}</h1>`,
    notify(parentOrigin, { status: ok ? 'succeeded' : 'failed', message, id: object.id }),
  );
}

/** Tells the embedding page (the app's modal) how it went; only to the origin that opened it. */
function notify(parentOrigin, detail) {
  if (!parentOrigin) return '';
  return `if (window.parent !== window) window.parent.postMessage(${JSON.stringify({ source: 'stripe-peer', ...detail })}, ${JSON.stringify(parentOrigin)});`;
}

// ---- helpers -------------------------------------------------------------------------------------

/** Stripe's form encoding: a[b]=1&a[c][0]=x → { a: { b: '1', c: ['x'] } }. */
export function parseForm(text) {
  const out = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.split(/\[|\]\[|\]/).filter((k) => k !== '');
    let node = out;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      if (last) {
        if (Array.isArray(node) && key === '') node.push(value);
        else node[key] = value;
      } else {
        node[key] ??= nextIsIndex ? [] : {};
        node = node[key];
      }
    });
  }
  return out;
}

const truthy = (v) => v === true || v === 'true';

function luhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req
      .on('data', (c) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      .on('error', reject);
  });
}

function send(res, status, body, headers = {}) {
  res
    .writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(7).toString('hex')}`, ...headers })
    .end(JSON.stringify(body));
}

function html(res, status, body) {
  // The page is meant to be framed by the app's modal (locally), so no frame-ancestors refusal here.
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8007' },
      host: { type: 'string', default: '127.0.0.1' },
      'secret-key': { type: 'string' },
      'webhook-secret': { type: 'string' },
      'webhook-url': { type: 'string' },
      'public-url': { type: 'string' },
    },
  });
  const peer = await startStripePeer({
    port: Number(values.port),
    host: values.host,
    secretKey: values['secret-key'],
    webhookSecret: values['webhook-secret'],
    webhookUrl: values['webhook-url'],
    publicUrl: values['public-url'],
  });
  console.log(`stripe-peer: listening on ${peer.url} (GET ${peer.url}/_peer/events lists what it sent)`);
  const stop = () => peer.stop().then(() => process.exit(0));
  process.on('SIGINT', stop).on('SIGTERM', stop);
}
