import { PayrollInitial1797000000000 } from './migrations/1797000000000-payroll-initial.js';
import { ReportProjections1797100000000 } from './migrations/1797100000000-report-projections.js';
import { SalesLineCategory1797200000000 } from './migrations/1797200000000-sales-line-category.js';
import { ReportIndexes1797300000000 } from './migrations/1797300000000-report-indexes.js';
import { ReportSections1797400000000 } from './migrations/1797400000000-report-sections.js';
import { ReportCoveringIndexes1797460000000 } from './migrations/1797460000000-report-covering-indexes.js';
import { MembershipPlanChanges1797500000000 } from './migrations/1797500000000-membership-plan-changes.js';

/** Everything TypeORM needs to know about this service's database. Repositories use SQL: no entities. */
export const ENTITIES: never[] = [];
export const MIGRATIONS = [
  PayrollInitial1797000000000,
  ReportProjections1797100000000,
  SalesLineCategory1797200000000,
  ReportIndexes1797300000000,
  ReportSections1797400000000,
  ReportCoveringIndexes1797460000000,
  MembershipPlanChanges1797500000000,
];
