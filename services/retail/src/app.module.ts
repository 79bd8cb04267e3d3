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
import type { RetailConfig } from './config.js';
import { PersistenceModule } from './database/persistence.module.js';
import { ENTITIES, MIGRATIONS } from './database/schema.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { ProductsModule } from './modules/products/products.module.js';
import { PosSettingsModule } from './modules/pos-settings/pos-settings.module.js';
import { TicketsModule } from './modules/tickets/tickets.module.js';
import { DepositsModule } from './modules/deposits/deposits.module.js';
import { OnlineGiftCardsModule } from './modules/online-gift-cards/online-gift-cards.module.js';
import { SavedCardsModule } from './modules/saved-cards/saved-cards.module.js';
import { ReceiptsModule } from './modules/receipts/receipts.module.js';

/** The API process: the `retail` subgraph and REST under /api/tickets, /api/payments, /api/sales-history, /api/checkout-appointments, /api/pos-settings, /api/products, /api/stock-*, /api/purchase-orders. */
@Module({})
export class AppModule {
  static forRoot(config: RetailConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        RedisModule,
        DatabaseModule.forRoot({ entities: ENTITIES, migrations: MIGRATIONS }),
        PersistenceModule,
        AuthModule.forRoot({ permissionResolver: IdentityPermissionResolver }),
        EventsModule.forRoot({ serviceName: 'retail', relay: true }),
        subgraphModule(config),
        HealthModule,
        PosSettingsModule,
        TicketsModule,
        PaymentsModule,
        ProductsModule,
        DepositsModule,
        OnlineGiftCardsModule,
        SavedCardsModule,
        ReceiptsModule,
      ],
      providers: [DateTimeScalar],
    };
  }
}
