/** The schedules' inputs live in the wire contract (packages/contracts/src/scheduling/schedules.ts). */
export { exceptionInputSchema, policyInputSchema, timeOffInputSchema, workingHoursInputSchema } from '@salon/contracts';
