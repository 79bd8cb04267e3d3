/** The catalogue's inputs and deposit rule live in the wire contract (packages/contracts/src/scheduling/catalogue.ts). */
export { depositRuleSchema, resourceInputSchema, serviceInputSchema, serviceStaffSchema } from '@salon/contracts';
export type { DepositRule, ResourceInput, ServiceInput } from '@salon/contracts';
