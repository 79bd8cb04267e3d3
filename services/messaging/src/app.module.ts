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
  subgraphModule,
} from '@salon/nest-kit';
import type { MessagingConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES, MIGRATIONS } from './database/schema.js';
import { AiApiModule } from './modules/ai/ai-api.module.js';
import { AutomationsApiModule } from './modules/automations/automations-api.module.js';
import { DeliveryApiModule } from './modules/delivery/delivery-api.module.js';
import { InboxModule } from './modules/inbox/inbox.module.js';
import { PasswordResetModule } from './modules/password-reset/password-reset.module.js';
import { PhoneModule } from './modules/phone/phone.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';
import { MarketingApiModule } from './modules/marketing/marketing-api.module.js';
import { ReceiptsApiModule } from './modules/receipts/receipts-api.module.js';

/**
 * The API process: subgraph, message log REST, provider webhooks, and the outbox relay (STOP/START
 * events written by the webhooks and by the worker). Sending and consuming happen in the worker.
 */
@Module({})
export class AppModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        RedisModule,
        DatabaseModule.forRoot({ entities: ENTITIES, migrations: MIGRATIONS }),
        PersistenceModule,
        // Permissions from identity (the owner), for /phone's view_phone; admin-only screens stay @AdminOnly.
        AuthModule.forRoot({ permissionResolver: IdentityPermissionResolver }),
        EventsModule.forRoot({ serviceName: 'messaging', relay: true }),
        subgraphModule(config),
        HealthModule,
        DeliveryApiModule,
        AutomationsApiModule,
        InboxModule,
        WebhooksModule,
        PasswordResetModule,
        PhoneModule,
        AiApiModule,
        MarketingApiModule,
        ReceiptsApiModule,
      ],
      // Views carry ISO strings (the contracts); Nest's own DateTime serializes only Date objects.
      providers: [DateTimeScalar],
    };
  }
}
