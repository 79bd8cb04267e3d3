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
