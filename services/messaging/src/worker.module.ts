import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, DatabaseModule, EventsModule, RedisModule } from '@salon/nest-kit';
import type { MessagingConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES, MIGRATIONS } from './database/schema.js';
import { DeliveryWorkerModule } from './modules/delivery/delivery-worker.module.js';
import { PasswordResetEventsModule } from './modules/password-reset/password-reset-events.module.js';

/** The worker process: BullMQ processors and the event consumers (the API process runs neither). */
@Module({})
export class WorkerModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        RedisModule,
        DatabaseModule.forRoot({ entities: ENTITIES, migrations: MIGRATIONS }),
        PersistenceModule,
        EventsModule.forRoot({ serviceName: 'messaging', consume: true }),
        DeliveryWorkerModule,
        PasswordResetEventsModule,
      ],
    };
  }
}
