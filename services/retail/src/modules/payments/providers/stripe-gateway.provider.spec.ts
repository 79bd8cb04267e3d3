import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RetailConfig } from '../../../config.js';
import { StripeGateway } from './stripe-gateway.provider.js';

const gateway = (config: Partial<RetailConfig>) =>
  new StripeGateway({ STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef', ...config } as RetailConfig);

describe('StripeGateway.modal (the card modal a tender or a deposit opens)', () => {
  it('opens the local peer’s hosted page at the address the browser reaches (STRIPE_HOSTED_URL), not the service’s', () => {
    const modal = gateway({ STRIPE_API_URL: 'http://stripe:8007', STRIPE_HOSTED_URL: 'http://localhost:8007/' }).modal(
      'pi_1_secret_x',
      'pi_1',
      'payment',
    );
    expect(modal).toEqual({ kind: 'hosted_page', url: 'http://localhost:8007/hosted/payment_intents/pi_1?client_secret=pi_1_secret_x' });
  });

  it('falls back to STRIPE_API_URL when both are the same address (npm start, the tests)', () => {
    const modal = gateway({ STRIPE_API_URL: 'http://127.0.0.1:8007' }).modal('seti_1_secret_y', 'seti_1', 'setup');
    expect(modal).toEqual({ kind: 'hosted_page', url: 'http://127.0.0.1:8007/hosted/setup_intents/seti_1?client_secret=seti_1_secret_y' });
  });

  it('uses Stripe’s Payment Element with a publishable key and no peer', () => {
    expect(gateway({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }).modal('pi_2_secret_z', 'pi_2', 'payment')).toEqual({
      kind: 'payment_element',
      publishableKey: 'pk_test_abc',
      clientSecret: 'pi_2_secret_z',
    });
  });
});

describe('StripeGateway: every call that changes something at Stripe carries an idempotency key', () => {
  it('cancelling a SetupIntent, detaching a card and cancelling a reader’s action send a key derived from what they change', async () => {
    const seen: { path: string; key: string | undefined }[] = [];
    const server = createServer((req, res) => {
      seen.push({ path: req.url ?? '', key: req.headers['idempotency-key'] as string | undefined });
      const id = (req.url ?? '').split('/')[3] ?? 'x';
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ id, object: 'x', label: 'Front desk', device_type: 'bbpos_wisepos_e', status: 'online', action: null }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const g = gateway({ STRIPE_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      await g.cancelSetup('seti_1');
      await g.detachCard('pm_1');
      await g.cancelReaderAction('tmr_1', 'retail-cancel-reader-pi_1');
      expect(seen).toEqual([
        { path: '/v1/setup_intents/seti_1/cancel', key: 'retail-cancel-setup-seti_1' },
        { path: '/v1/payment_methods/pm_1/detach', key: 'retail-detach-pm_1' },
        { path: '/v1/terminal/readers/tmr_1/cancel_action', key: 'retail-cancel-reader-pi_1' },
      ]);
    } finally {
      server.close();
    }
  });
});
