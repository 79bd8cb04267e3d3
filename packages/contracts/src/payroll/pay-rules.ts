import { z } from 'zod';
import { dateSchema } from '../rules/dates.js';
import { intSchema, moneyMinorSchema } from '../rules/numbers.js';
import { lineSchema, optionalLineSchema, TEXT_LIMITS } from '../rules/text.js';

/**
 * A staff member's pay rule, versioned by effective date (`/api/pay-rules/{staffId}`): a change
 * applies from its date on; a past period is computed with the version in force then. Percentages
 * are basis points (4000 = 40 %), money integer minor units.
 */
const bps = intSchema({ max: 10_000 });

export const commissionTierSchema = z.strictObject({
  /** The period's service revenue (after deductions) from which this rate applies. */
  fromMinor: moneyMinorSchema(),
  rateBps: bps,
});

export const serviceCommissionSchema = z.strictObject({
  rateBps: bps,
  /** `whole`: the whole revenue at the rate of the tier reached; `marginal`: each part at its tier's rate. */
  tierMode: z.enum(['whole', 'marginal']).default('whole'),
  tiers: z.array(commissionTierSchema).max(10, 'at most 10 tiers').default([]),
  /** Per service: a percent (rateBps) or a flat amount per service performed (flatMinor). */
  overrides: z
    .array(
      z.strictObject({
        serviceId: z.uuid('must be a service id'),
        rateBps: bps.nullable().default(null),
        flatMinor: moneyMinorSchema().nullable().default(null),
      }),
    )
    .max(200)
    .default([]),
});

/**
 * A commission rate for the service or product lines of one category (the category snapshotted on
 * the ticket line when it was added). It takes the place of the base rate for those lines: for a
 * service, after a per-service override and before the tiers (category lines are not tiered); for a
 * product, instead of `productCommissionBps`. Categories match ignoring case and outer spaces.
 */
export const categoryCommissionSchema = z.strictObject({
  kind: z.enum(['service', 'product'], 'must be service or product'),
  category: lineSchema(TEXT_LIMITS.name, { min: 1, emptyMessage: 'is required' }),
  rateBps: bps,
});
export type CategoryCommission = z.output<typeof categoryCommissionSchema>;

/** One commission rate per kind and category, so a line never has two. */
const categoryCommissionsSchema = z
  .array(categoryCommissionSchema)
  .max(100, 'at most 100 category rates')
  .default([])
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((c, i) => {
      const key = `${c.kind}:${c.category.trim().toLowerCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'category'], message: `already has a ${c.kind} rate` });
      seen.add(key);
    });
  });

export const payRuleInputSchema = z.strictObject({
  effectiveFrom: dateSchema(),
  hourlyRateMinor: moneyMinorSchema().nullable().default(null),
  salaryPerPeriodMinor: moneyMinorSchema().nullable().default(null),
  serviceCommission: serviceCommissionSchema.nullable().default(null),
  productCommissionBps: bps.default(0),
  /** Commission per service or product category (see categoryCommissionSchema). */
  categoryCommissions: categoryCommissionsSchema,
  /** Taken off each service line before commission: a back-bar fee per service and a product-cost share. */
  deductions: z
    .strictObject({ backBarFeeMinor: moneyMinorSchema().default(0), productCostBps: bps.default(0) })
    .default({ backBarFeeMinor: 0, productCostBps: 0 }),
  tips: z
    .strictObject({
      paid: z.boolean().default(true),
      lessCardFee: z.boolean().default(false),
      /** A refund takes back the refunded share of the tip paid on the ticket (tip × refund / ticket total). */
      takeBackOnRefund: z.boolean().default(false),
    })
    .default({ paid: true, lessCardFee: false, takeBackOnRefund: false }),
  boothRentPerPeriodMinor: moneyMinorSchema().default(0),
  note: optionalLineSchema(200),
});
export type PayRuleInput = z.input<typeof payRuleInputSchema>;
export type PayRule = z.output<typeof payRuleInputSchema>;

export const payRuleViewSchema = z.object({
  id: z.string(),
  staffId: z.string(),
  version: z.number().int(),
  effectiveFrom: z.string(),
  rule: z.custom<PayRule>(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PayRuleView = z.infer<typeof payRuleViewSchema>;
