import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule, ConfigModule, DatabaseModule, EventsModule, RedisModule } from '@salon/nest-kit';
import type { MessagingConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES, MIGRATIONS } from './database/schema.js';
import { RoleOnlyPermissionResolver } from './modules/access/role-only-permission.provider.js';
import { ConsentEventsModule } from './modules/consent/consent-events.module.js';
import { DeliveryWorkerModule } from './modules/delivery/delivery-worker.module.js';
import { PasswordResetEventsModule } from './modules/password-reset/password-reset-events.module.js';
import { WaitlistOffersModule } from './modules/waitlist-offers/waitlist-offers.module.js';
import { BookingClaimsModule } from './modules/booking-claims/booking-claims.module.js';
import { PaymentConfirmationsModule } from './modules/payment-confirmations/payment-confirmations.module.js';
import { AppointmentNoticesModule } from './modules/appointment-notices/appointment-notices.module.js';
import { BookingConfirmationsModule } from './modules/booking-confirmations/booking-confirmations.module.js';
import { AutomationsWorkerModule } from './modules/automations/automations-worker.module.js';
import { GiftCardDeliveriesModule } from './modules/gift-card-deliveries/gift-card-deliveries.module.js';
import { AiWorkerModule } from './modules/ai/ai-worker.module.js';
import { FormLinksModule } from './modules/form-links/form-links.module.js';
import { MarketingWorkerModule } from './modules/marketing/marketing-worker.module.js';
import { ReceiptsModule } from './modules/receipts/receipts.module.js';

/**
 * The worker process: BullMQ processors and the event consumers (the API process runs neither). The
 * opt-outs it records (Twilio 21610) go to the outbox; the API process's relay publishes them.
 */
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
        // For ServiceToken (the worker's bearer token to clients and identity); the worker serves no
        // routes, so the guards AuthModule installs never run here.
        AuthModule.forRoot({ permissionResolver: RoleOnlyPermissionResolver }),
        EventsModule.forRoot({ serviceName: 'messaging', consume: true }),
        DeliveryWorkerModule,
        PasswordResetEventsModule,
        WaitlistOffersModule,
        BookingConfirmationsModule,
        BookingClaimsModule,
        PaymentConfirmationsModule,
        GiftCardDeliveriesModule,
        AppointmentNoticesModule,
        AutomationsWorkerModule,
        ConsentEventsModule,
        AiWorkerModule,
        MarketingWorkerModule,
        FormLinksModule,
        ReceiptsModule,
      ],
    };
  }
}
