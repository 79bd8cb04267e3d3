import { Global, Module } from '@nestjs/common';
import { Clock } from '../common/clock.provider.js';
import { PayRuleRepository } from '../modules/pay-rules/persistence/pay-rule.repository.js';
import { PayrollRunRepository } from '../modules/payroll-runs/persistence/payroll-run.repository.js';
import { EventJournalRepository } from '../modules/sales/persistence/event-journal.repository.js';
import { ReportClientsRepository } from '../modules/sales/persistence/report-clients.repository.js';
import { ReportSectionsRepository } from '../modules/sales/persistence/report-sections.repository.js';
import { SalesRepository } from '../modules/sales/persistence/sales.repository.js';
import { ReportsRepository } from '../modules/reports/persistence/reports.repository.js';
import { LocationRulesRepository } from '../modules/time-clock/persistence/location-rules.repository.js';
import { ShiftRepository } from '../modules/time-clock/persistence/shift.repository.js';

const PROVIDERS = [
  ShiftRepository,
  LocationRulesRepository,
  PayRuleRepository,
  SalesRepository,
  EventJournalRepository,
  ReportClientsRepository,
  ReportSectionsRepository,
  ReportsRepository,
  PayrollRunRepository,
  Clock,
];

/** Every repository of the service (and the clock), available to every feature module. */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class PersistenceModule {}
