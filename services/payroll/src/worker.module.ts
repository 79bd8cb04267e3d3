import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, DatabaseModule, EventsModule } from '@salon/nest-kit';
import type { PayrollConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES } from './database/schema.js';
import { SalesModule } from './modules/sales/sales.module.js';

/**
 * The worker process: the projections of retail's sales, identity's locations and scheduling's
 * appointments. It writes only through the inbox transaction of each event.
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
    };
  }
}
