import { Module, type DynamicModule } from '@nestjs/common';
import {
  AuthModule,
  ConfigModule,
  DatabaseModule,
  DateTimeScalar,
  EventsModule,
  HealthModule,
  IdentityPermissionResolver,
  RedisModule,
  subgraphModule,
} from '@salon/nest-kit';
import type { PayrollConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES, MIGRATIONS } from './database/schema.js';
import { PayRulesModule } from './modules/pay-rules/pay-rules.module.js';
import { PayrollRunsModule } from './modules/payroll-runs/payroll-runs.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { TimeClockModule } from './modules/time-clock/time-clock.module.js';

/** The API process: the `payroll` subgraph and REST under /api/time-clock, /api/pay-rules, /api/payroll, /api/staff/{id}/earnings. */
@Module({})
export class AppModule {
  static forRoot(config: PayrollConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        RedisModule,
        DatabaseModule.forRoot({ entities: ENTITIES, migrations: MIGRATIONS }),
        PersistenceModule,
        AuthModule.forRoot({ permissionResolver: IdentityPermissionResolver }),
        EventsModule.forRoot({ serviceName: 'payroll', relay: true }),
        subgraphModule(config),
        HealthModule,
        TimeClockModule,
        PayRulesModule,
        PayrollRunsModule,
        ReportsModule,
      ],
      providers: [DateTimeScalar],
    };
  }
}
