import { baseConfigSchema, eventsConfigSchema, identityClientConfigSchema, loadConfig, sharedSecret } from '@salon/nest-kit';
import { z } from 'zod';

/** An empty value (compose's `${STRIPE_SECRET_KEY:-}`) means unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/salon_retail';

export const retailConfigSchema = baseConfigSchema
  .and(eventsConfigSchema)
  .and(identityClientConfigSchema)
  .and(
    z.object({
      PORT: z.coerce.number().int().min(1).max(65535).default(4005),
      /** Seals a gift card's code inside retail.gift-card.purchased-online.v1 (messaging, holding the same key, opens it). */
      EVENT_SECRET_KEY: sharedSecret(16),
      DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
      /** The scheduling service: a ticket opened from appointments reads them (and their booked prices) there. */
      SCHEDULING_URL: z.url().default('http://127.0.0.1:4004'),
      /** A location identity does not name a zone for is read in this IANA zone (spec §9 default). */
      DEFAULT_TIME_ZONE: z.string().default('America/Chicago'),
      /** Stripe's secret key; without it the card methods answer 422 (cash still works). `npm start` makes one per install for the local peer. */
      STRIPE_SECRET_KEY: unsetIfEmpty(
        z.string().regex(/^(sk|rk)_(test|live)_[\w-]{8,}$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)'),
      ),
      /** Checks the Stripe-Signature of /api/webhooks/stripe (whsec_…). */
      STRIPE_WEBHOOK_SECRET: unsetIfEmpty(z.string().regex(/^whsec_[\w-]{8,}$/, 'must be a Stripe webhook signing secret (whsec_…)')),
      /** Where the SDK sends its calls: the local Stripe peer (http://127.0.0.1:8007) here, unset for Stripe itself. */
      STRIPE_API_URL: unsetIfEmpty(z.url()),
      /** The local Stripe peer as the browser reaches it (the hosted card page); unset = STRIPE_API_URL. */
      STRIPE_HOSTED_URL: unsetIfEmpty(z.url()),
      /** With Stripe itself, the web's Payment Element needs the publishable key (pk_…); locally the peer's hosted page is used instead. */
      STRIPE_PUBLISHABLE_KEY: unsetIfEmpty(z.string().regex(/^pk_(test|live)_[\w-]{8,}$/, 'must be a Stripe publishable key (pk_…)')),
      /** Where the client's confirm links (3-D Secure for a card on file) point: the web's origin. */
      PUBLIC_URL: z.url().default('http://localhost:4000'),
    }),
  );

export type RetailConfig = z.infer<typeof retailConfigSchema>;

/** DATABASE_URL has a local default here, so apply it before the base schema insists on it. */
export function loadRetailConfig(env: Record<string, string | undefined> = process.env): RetailConfig {
  return loadConfig(retailConfigSchema, { DATABASE_URL: DEFAULT_DATABASE_URL, ...env });
}
