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
import type { SchedulingConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES, MIGRATIONS } from './database/schema.js';
import { AppointmentsModule } from './modules/appointments/appointments.module.js';
import { AvailabilityModule } from './modules/availability/availability.module.js';
import { CalendarFeedsModule } from './modules/calendar-feeds/calendar-feeds.module.js';
import { CatalogueModule } from './modules/catalogue/catalogue.module.js';
import { ClientReferencesModule } from './modules/client-references/client-references.module.js';
import { OnlineBookingModule } from './modules/online-booking/online-booking.module.js';
import { ClassesModule } from './modules/classes/classes.module.js';
import { SchedulesModule } from './modules/schedules/schedules.module.js';
import { WaitlistModule } from './modules/waitlist/waitlist.module.js';

/** The API process: the `scheduling` subgraph and REST under /api/services, /api/availability, /api/appointments, /api/appointment-series, /api/waitlist, /api/classes, /api/online-booking, … */
@Module({})
export class AppModule {
  static forRoot(config: SchedulingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        RedisModule,
        DatabaseModule.forRoot({ entities: ENTITIES, migrations: MIGRATIONS }),
        PersistenceModule,
        AuthModule.forRoot({ permissionResolver: IdentityPermissionResolver }),
        // Ids of clients, staff and locations on writes are checked with their owners.
        ReferencesModule,
        // consume: the waitlist listens to scheduling's own cancel/reschedule/no-show events, client
        // references to the clients service's merges (through the inbox).
        EventsModule.forRoot({ serviceName: 'scheduling', relay: true, consume: true }),
        subgraphModule(config, { resolvers: { JSONObject: JSONObjectScalar } }),
        HealthModule,
        CatalogueModule,
        SchedulesModule,
        AvailabilityModule,
        AppointmentsModule,
        ClientReferencesModule,
        OnlineBookingModule,
        WaitlistModule,
        ClassesModule,
        CalendarFeedsModule,
      ],
      providers: [DateTimeScalar],
    };
  }
}
