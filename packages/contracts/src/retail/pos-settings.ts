import { z } from 'zod';
import { intSchema } from '../rules/numbers.js';
import { percentSchema, taxRateSchema } from './tickets.js';

/**
 * A location's checkout settings (`/api/pos-settings/{locationId}`): its tax rates for services and
 * for products, the tip presets the desk offers, and the discount limit above which a discount
 * needs the apply_large_discounts permission. A location without saved settings gets the defaults.
 */
export const posSettingsViewSchema = z.object({
  locationId: z.string(),
  serviceTaxRate: z.number(),
  productTaxRate: z.number(),
  tipPresets: z.array(z.number()),
  discountLimitPercent: z.number(),
  /**
   * How long a gift card sold here stays valid, in whole years from issue; null: it never expires.
   * Never fewer than five (US rules, the CARD Act). Fixed on each card when it is issued.
   */
  giftCardExpiryYears: z.number().int().nullable(),
  currency: z.string(),
  version: z.number().int(),
});
export type PosSettingsView = z.infer<typeof posSettingsViewSchema>;

export const POS_SETTINGS_DEFAULTS = {
  serviceTaxRate: 0,
  productTaxRate: 0,
  tipPresets: [15, 18, 20, 25],
  discountLimitPercent: 20,
  giftCardExpiryYears: null,
} as const;

/** US rules: a gift certificate never expires sooner than five years from issue. */
export const GIFT_CARD_MIN_EXPIRY_YEARS = 5;
export const GIFT_CARD_MAX_EXPIRY_YEARS = 50;

export const posSettingsInputSchema = z.strictObject({
  serviceTaxRate: taxRateSchema,
  productTaxRate: taxRateSchema,
  tipPresets: z.array(percentSchema).max(6, 'at most 6 presets'),
  discountLimitPercent: z.number().min(0, 'must be 0 or more').max(100, 'must be 100 or less'),
  /** Years from issue (5 to 50, US rules), null for never; omitted keeps what is saved. */
  giftCardExpiryYears: intSchema({ min: 5, max: 50 }).nullable().optional(),
  /** As read; omitted for a location that has never saved its settings. */
  version: intSchema({ min: 0 }).optional(),
});
export type PosSettingsInput = z.input<typeof posSettingsInputSchema>;
