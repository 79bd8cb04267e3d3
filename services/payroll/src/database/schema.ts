import { PayrollInitial1797000000000 } from './migrations/1797000000000-payroll-initial.js';

/** Everything TypeORM needs to know about this service's database. Repositories use SQL: no entities. */
export const ENTITIES: never[] = [];
export const MIGRATIONS = [PayrollInitial1797000000000];
