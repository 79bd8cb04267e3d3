import { Module, type DynamicModule } from '@nestjs/common';
import {
  AuthModule,
  ConfigModule,
  DatabaseModule,
  DateTimeScalar,
  EventsModule,
  HealthModule,
  RedisModule,
  subgraphModule,
} from '@salon/nest-kit';
import type { IdentityConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES, MIGRATIONS } from './database/schema.js';
import { BusinessSettingsModule } from './modules/business-settings/business-settings.module.js';
import { LocationsModule } from './modules/locations/locations.module.js';
import { DatabasePermissionResolver } from './modules/permissions/persistence/database-permission.provider.js';
import { PermissionsModule } from './modules/permissions/permissions.module.js';
import { PreferencesModule } from './modules/preferences/preferences.module.js';
import { RecoveryModule } from './modules/recovery/recovery.module.js';
import { SessionsModule } from './modules/sessions/sessions.module.js';
import { UsersModule } from './modules/users/users.module.js';

@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        RedisModule,
        DatabaseModule.forRoot({ entities: ENTITIES, migrations: MIGRATIONS }),
        PersistenceModule,
        AuthModule.forRoot({ permissionResolver: DatabasePermissionResolver }),
        EventsModule.forRoot({ serviceName: 'identity', relay: true }),
        subgraphModule(config),
        HealthModule,
        SessionsModule,
        RecoveryModule,
        UsersModule,
        PermissionsModule,
        PreferencesModule,
        BusinessSettingsModule,
        LocationsModule,
      ],
      // Views carry ISO strings (the contracts); Nest's own DateTime serializes only Date objects.
      providers: [DateTimeScalar],
    };
  }
}
