import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, DatabaseModule, EventsModule } from '@salon/nest-kit';
import type { DocumentsConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES } from './database/schema.js';
import { FormRequestsModule } from './modules/form-requests/form-requests.module.js';

/**
 * The worker process: the event consumers (bookings make forms due). It writes only through the
 * inbox transaction of each event; the API process's relay publishes documents' own outbox.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: DocumentsConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot({ entities: ENTITIES, migrations: [] }),
        PersistenceModule,
        EventsModule.forRoot({ serviceName: 'documents', consume: true }),
        FormRequestsModule,
      ],
    };
  }
}
