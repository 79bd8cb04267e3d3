// The local Stripe peer of infra/local, typed for the tests.
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
// @ts-expect-error -- plain .mjs without declarations
import { startStripePeer as startPeer } from '../../../../infra/local/stripe-peer.mjs';
import { startRetail, type RetailTestApp } from './retail-app.js';

export interface StripePeer {
  url: string;
  port: number;
  events(): Stripe.Event[];
  deliveries(): { eventId: string; type: string; status: number; attempt: number }[];
  resend(eventId: string, toUrl?: string): Promise<number>;
  settled(): Promise<void>;
  setWebhookUrl(url: string | null): void;
  /** Ends a subscription's period now: the renewal invoice is made and charged (declined when `fail`). */
  advance(subscriptionId: string, options?: { fail?: boolean }): { subscription: Stripe.Subscription; invoice: Stripe.Invoice | null };
  hostedUrl(object: { id: string; object: string; client_secret: string | null }, parentOrigin?: string): string;
  stop(): Promise<void>;
}

export const startStripePeer = startPeer as (options: {
  port?: number;
  secretKey?: string;
  webhookSecret?: string;
  webhookUrl?: string;
  /** The peer as the browser reaches it (its pages' links); default its own address. */
  publicUrl?: string;
  now?: () => number;
}) => Promise<StripePeer>;

/** An SDK client talking to the peer, as the service's adapter does. */
export async function peerClient(peer: StripePeer, secretKey: string): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  return new StripeSdk(secretKey, { host: '127.0.0.1', port: peer.port, protocol: 'http', maxNetworkRetries: 0 });
}

/** Types a card into the peer's hosted page, as a client does in the modal (the app never sees the number). */
export async function payOnHostedPage(hostedUrl: string, number: string): Promise<{ status: number; html: string }> {
  const page = new URL(hostedUrl);
  const res = await fetch(page.origin + page.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_secret: page.searchParams.get('client_secret') ?? '',
      number,
      exp_month: '12',
      exp_year: '2031',
      cvc: '123',
    }).toString(),
  });
  return { status: res.status, html: await res.text() };
}

/** Presses "Complete authentication" (or "Fail") on the peer's 3-D Secure page. */
export async function authenticate(peer: StripePeer, intent: { id: string; client_secret: string | null }, decision: 'complete' | 'fail') {
  const res = await fetch(`${peer.url}/hosted/authenticate/${intent.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: intent.client_secret ?? '', decision }).toString(),
  });
  return { status: res.status, html: await res.text() };
}

/** Waits until every webhook the peer has sent (and those their handling made it send) was answered. */
export async function allDelivered(peer: StripePeer): Promise<void> {
  for (let seen = -1; seen !== peer.events().length;) {
    seen = peer.events().length;
    await peer.settled();
  }
}

export interface RetailWithPeer {
  t: RetailTestApp;
  peer: StripePeer;
  /** The official SDK pointed at the peer, for what a test checks on Stripe's side. */
  stripe: Stripe;
  close(): Promise<void>;
}

/** The real app on its own database, wired to a fresh local Stripe peer: its own keys, its signed webhooks back to the app. */
export async function startRetailWithPeer(suite: string, env: Record<string, string> = {}): Promise<RetailWithPeer> {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const peer = await startStripePeer({ port: 0, secretKey, webhookSecret });
  const t = await startRetail(suite, {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: peer.url,
    ...env,
  });
  peer.setWebhookUrl(`${t.url}/api/webhooks/stripe`);
  return {
    t,
    peer,
    stripe: await peerClient(peer, secretKey),
    async close() {
      await t.close();
      await peer.stop();
    },
  };
}
