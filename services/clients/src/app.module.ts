import { Module, type DynamicModule } from '@nestjs/common';
import {
  AuthModule,
  ConfigModule,
  DatabaseModule,
  DateTimeScalar,
  EventsModule,
  HealthModule,
  IdentityPermissionResolver,
  JSONObjectScalar,
  RedisModule,
  ReferencesModule,
  subgraphModule,
} from '@salon/nest-kit';
import type { ClientsConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES, MIGRATIONS } from './database/schema.js';
import { ClientsModule } from './modules/clients/clients.module.js';
import { ImportsModule } from './modules/imports/imports.module.js';
import { NoteTemplatesModule } from './modules/note-templates/note-templates.module.js';
import { NotesModule } from './modules/notes/notes.module.js';

/** The API process: the `clients` subgraph and REST under /api/clients, /api/note-templates, /api/client-imports. Imports run in the worker. */
@Module({})
export class AppModule {
  static forRoot(config: ClientsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        RedisModule,
        DatabaseModule.forRoot({ entities: ENTITIES, migrations: MIGRATIONS }),
        PersistenceModule,
        AuthModule.forRoot({ permissionResolver: IdentityPermissionResolver }),
        // A profile's preferred location and stylist are checked with identity on writes.
        ReferencesModule,
        EventsModule.forRoot({ serviceName: 'clients', relay: true }),
        subgraphModule(config, { resolvers: { JSONObject: JSONObjectScalar } }),
        HealthModule,
        ClientsModule,
        NotesModule,
        NoteTemplatesModule,
        ImportsModule,
      ],
      providers: [DateTimeScalar],
    };
  }
}
