import { baseConfigSchema, eventsConfigSchema, identityClientConfigSchema, loadConfig } from '@salon/nest-kit';
import { z } from 'zod';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/salon_payroll';

export const payrollConfigSchema = baseConfigSchema
  .and(eventsConfigSchema)
  .and(identityClientConfigSchema)
  .and(
    z.object({
      PORT: z.coerce.number().int().min(1).max(65535).default(4006),
      DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
      /** A location identity has not (yet) told its zone of is read in this IANA zone (spec §9 default). */
      DEFAULT_TIME_ZONE: z.string().default('America/Chicago'),
      /** Worker: how often open shifts past their location's limit are flagged forgotten (reads flag them too). */
      FORGOTTEN_SWEEP_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    }),
  );

export type PayrollConfig = z.infer<typeof payrollConfigSchema>;

/** DATABASE_URL has a local default here, so apply it before the base schema insists on it. */
export function loadPayrollConfig(env: Record<string, string | undefined> = process.env): PayrollConfig {
  return loadConfig(payrollConfigSchema, { DATABASE_URL: DEFAULT_DATABASE_URL, ...env });
}
