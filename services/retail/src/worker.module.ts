import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, DatabaseModule, EventsModule } from '@salon/nest-kit';
import type { RetailConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES } from './database/schema.js';
import { ClientMergesModule } from './modules/client-merges/client-merges.module.js';
import { DepositOutcomesModule } from './modules/deposits/deposits.module.js';

/**
 * The worker process: the event consumers (client merges). It writes only through the inbox
 * transaction of each event; the API process's relay publishes retail's own outbox.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: RetailConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot({ entities: ENTITIES, migrations: [] }),
        PersistenceModule,
        EventsModule.forRoot({ serviceName: 'retail', consume: true }),
        ClientMergesModule,
        DepositOutcomesModule,
      ],
    };
  }
}
