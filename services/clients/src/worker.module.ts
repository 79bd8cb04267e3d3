import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, DatabaseModule, EventsModule } from '@salon/nest-kit';
import type { ClientsConfig } from './config.js';
import { ENTITIES } from './database/schema.js';
import { ImportsWorkerModule } from './modules/imports/imports-worker.module.js';
import { PurchasesModule } from './modules/purchases/purchases.module.js';
import { SmsOptOutsModule } from './modules/sms-opt-outs/sms-opt-outs.module.js';
import { VisitsModule } from './modules/visits/visits.module.js';

/**
 * The worker process: BullMQ processors (client imports) and the event consumers (visits from
 * scheduling, STOP/START from messaging, sales and refunds from retail). It writes events to the
 * outbox in the same transactions as its changes; the API process's relay publishes them.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: ClientsConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        // The entities for the SMS keyword consumer (it writes consent as ClientsUseCase does); the
        // worker never migrates.
        DatabaseModule.forRoot({ entities: ENTITIES, migrations: [] }),
        EventsModule.forRoot({ serviceName: 'clients', consume: true }),
        ImportsWorkerModule,
        VisitsModule,
        SmsOptOutsModule,
        PurchasesModule,
      ],
    };
  }
}
