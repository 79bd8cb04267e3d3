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
  ReferencesModule,
  subgraphModule,
} from '@salon/nest-kit';
import type { DocumentsConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES, MIGRATIONS } from './database/schema.js';
import { DocumentsModule } from './modules/documents/documents.module.js';
import { FormsModule } from './modules/forms/forms.module.js';
import { StorageModule } from './modules/storage/storage.module.js';
import { SubmissionsModule } from './modules/submissions/submissions.module.js';

/** The API process: the `documents` subgraph and REST under /api/forms and /api/documents (public pages under …/public). */
@Module({})
export class AppModule {
  static forRoot(config: DocumentsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        RedisModule,
        DatabaseModule.forRoot({ entities: ENTITIES, migrations: MIGRATIONS }),
        PersistenceModule,
        AuthModule.forRoot({ permissionResolver: IdentityPermissionResolver }),
        ReferencesModule,
        EventsModule.forRoot({ serviceName: 'documents', relay: true }),
        subgraphModule(config),
        HealthModule,
        StorageModule,
        SubmissionsModule,
        FormsModule,
        DocumentsModule,
      ],
      providers: [DateTimeScalar],
    };
  }
}
