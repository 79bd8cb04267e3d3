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
  currency: z.string(),
  version: z.number().int(),
});
export type PosSettingsView = z.infer<typeof posSettingsViewSchema>;

export const POS_SETTINGS_DEFAULTS = {
  serviceTaxRate: 0,
  productTaxRate: 0,
  tipPresets: [15, 18, 20, 25],
  discountLimitPercent: 20,
} as const;

export const posSettingsInputSchema = z.strictObject({
  serviceTaxRate: taxRateSchema,
  productTaxRate: taxRateSchema,
  tipPresets: z.array(percentSchema).max(6, 'at most 6 presets'),
  discountLimitPercent: z.number().min(0, 'must be 0 or more').max(100, 'must be 100 or less'),
  /** As read; omitted for a location that has never saved its settings. */
  version: intSchema({ min: 0 }).optional(),
});
export type PosSettingsInput = z.input<typeof posSettingsInputSchema>;
