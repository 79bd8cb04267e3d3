import { z } from 'zod';

export const depositRuleSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fixed'), amountMinor: z.number().int().min(1) }),
  z.object({ type: z.literal('percent'), percent: z.number().min(1).max(100) }),
]);
export type DepositRule = z.infer<typeof depositRuleSchema>;

export const serviceStaffSchema = z.object({
  staffId: z.uuid(),
  durationMin: z.number().int().min(5).max(1440).nullish(),
  priceMinor: z.number().int().min(0).nullish(),
});

export const serviceInputSchema = z
  .object({
    locationId: z.uuid(),
    name: z.string().trim().min(1).max(120),
    category: z.string().trim().max(80).nullish(),
    description: z.string().max(2000).nullish(),
    durationMin: z.number().int().min(5).max(1440),
    priceMinor: z.number().int().min(0),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD').default('USD'),
    bufferBeforeMin: z.number().int().min(0).max(240).default(0),
    bufferAfterMin: z.number().int().min(0).max(240).default(0),
    processing: z.object({ startAfterMin: z.number().int().min(0), durationMin: z.number().int().min(5) }).nullish(),
    roomType: z.string().trim().min(1).nullish(),
    deviceTypes: z.array(z.string().trim().min(1)).max(10).default([]),
    onlineBookable: z.boolean().default(true),
    deposit: depositRuleSchema.nullish(),
    active: z.boolean().default(true),
    staff: z.array(serviceStaffSchema).max(200).default([]),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.processing && s.processing.startAfterMin + s.processing.durationMin >= s.durationMin) {
      ctx.addIssue({ code: 'custom', path: ['processing'], message: 'processing must end before the service does' });
    }
  });
export type ServiceInput = z.infer<typeof serviceInputSchema>;

export const resourceInputSchema = z
  .object({
    locationId: z.uuid(),
    name: z.string().trim().min(1).max(80),
    type: z.string().trim().min(1).max(60),
    capacity: z.number().int().min(1).max(100).default(1),
    active: z.boolean().default(true),
  })
  .strict();
export type ResourceInput = z.infer<typeof resourceInputSchema>;
