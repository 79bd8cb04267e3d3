import { RetailInitial1796000000000 } from './migrations/1796000000000-retail-initial.js';
import { RetailProductsStock1796100000000 } from './migrations/1796100000000-retail-products-stock.js';
import { CardPayments1796500000000 } from './migrations/1796500000000-card-payments.js';
import { PrepaidValue1796600000000 } from './migrations/1796600000000-prepaid-value.js';
import { BookingDeposits1796650000000 } from './migrations/1796650000000-booking-deposits.js';
import { TicketLineCategory1796700000000 } from './migrations/1796700000000-ticket-line-category.js';
import { PrepaidVoidExpiry1796720000000 } from './migrations/1796720000000-prepaid-void-expiry.js';
import { GiftCardExpirySetting1796760000000 } from './migrations/1796760000000-gift-card-expiry-setting.js';
import { OnlineGiftCardOrders1796770000000 } from './migrations/1796770000000-online-gift-card-orders.js';
import { PlanPriorityBooking1796780000000 } from './migrations/1796780000000-plan-priority-booking.js';
import { MembershipBilling1796810000000 } from './migrations/1796810000000-membership-billing.js';
import { CancellationFees1796830000000 } from './migrations/1796830000000-cancellation-fees.js';
import { Receipts1796930000000 } from './migrations/1796930000000-receipts.js';
import { BookingCardHolds1796961300000 } from './migrations/1796961300000-booking-card-holds.js';
import { FeeLineReason1796961400000 } from './migrations/1796961400000-fee-line-reason.js';

/** Everything TypeORM needs to know about this service's database. Repositories use SQL: no entities. */
export const ENTITIES: never[] = [];
export const MIGRATIONS = [
  RetailInitial1796000000000,
  RetailProductsStock1796100000000,
  CardPayments1796500000000,
  PrepaidValue1796600000000,
  BookingDeposits1796650000000,
  TicketLineCategory1796700000000,
  PrepaidVoidExpiry1796720000000,
  GiftCardExpirySetting1796760000000,
  OnlineGiftCardOrders1796770000000,
  PlanPriorityBooking1796780000000,
  MembershipBilling1796810000000,
  CancellationFees1796830000000,
  Receipts1796930000000,
  BookingCardHolds1796961300000,
  FeeLineReason1796961400000,
];
