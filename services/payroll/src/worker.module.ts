import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, DatabaseModule, EventsModule } from '@salon/nest-kit';
import type { PayrollConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES } from './database/schema.js';
import { SalesModule } from './modules/sales/sales.module.js';
import { ForgottenShiftsProcessor } from './modules/time-clock/jobs/forgotten-shifts.processor.js';
import { FlagForgottenShiftsUseCase } from './modules/time-clock/use-cases/flag-forgotten-shifts.use-case.js';

/**
 * The worker process: the projections of retail's sales, identity's locations, scheduling's
 * appointments and clients (each written in its event's inbox transaction), and the sweep that
 * flags forgotten shifts.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: PayrollConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot({ entities: ENTITIES, migrations: [] }),
        PersistenceModule,
        EventsModule.forRoot({ serviceName: 'payroll', consume: true }),
        SalesModule,
      ],
      providers: [FlagForgottenShiftsUseCase, ForgottenShiftsProcessor],
    };
  }
}
