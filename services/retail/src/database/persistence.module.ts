import { Global, Module } from '@nestjs/common';
import { GiftCardRepository } from '../modules/gift-cards/persistence/gift-card.repository.js';
import { PlanRepository } from '../modules/memberships/persistence/plan.repository.js';
import { PrepaidRepository } from '../modules/memberships/persistence/prepaid.repository.js';
import { PaymentRepository } from '../modules/payments/persistence/payment.repository.js';
import { ProductRepository } from '../modules/products/persistence/product.repository.js';
import { PurchaseOrderRepository } from '../modules/products/persistence/purchase-order.repository.js';
import { StockCountRepository } from '../modules/products/persistence/stock-count.repository.js';
import { StockRepository } from '../modules/products/persistence/stock.repository.js';
import { PosSettingsRepository } from '../modules/pos-settings/persistence/pos-settings.repository.js';
import { TicketRepository } from '../modules/tickets/persistence/ticket.repository.js';

const REPOSITORIES = [
  TicketRepository,
  PaymentRepository,
  PosSettingsRepository,
  ProductRepository,
  StockRepository,
  PurchaseOrderRepository,
  StockCountRepository,
  GiftCardRepository,
  PlanRepository,
  PrepaidRepository,
];

/** Every repository of the service, available to every feature module (they share one database). */
@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class PersistenceModule {}
