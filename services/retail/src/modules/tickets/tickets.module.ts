import { Module } from '@nestjs/common';
import { BookingDepositRepository } from '../deposits/persistence/booking-deposit.repository.js';
import { DepositTenders } from '../deposits/use-cases/deposit-tenders.use-case.js';
import { PosSettingsModule } from '../pos-settings/pos-settings.module.js';
import { CheckoutAppointmentResolver, TicketResolver } from './graphql/ticket.resolver.js';
import { TicketsController } from './http/tickets.controller.js';
import { PlatformLookup } from './persistence/platform-lookup.provider.js';
import { CheckoutQueueUseCase } from './use-cases/checkout-queue.use-case.js';
import { TicketsUseCase } from './use-cases/tickets.use-case.js';

@Module({
  imports: [PosSettingsModule],
  controllers: [TicketsController],
  providers: [
    PlatformLookup,
    TicketsUseCase,
    CheckoutQueueUseCase,
    TicketResolver,
    CheckoutAppointmentResolver,
    // Online booking deposits applied as tenders when a visit's ticket opens (modules/deposits).
    BookingDepositRepository,
    DepositTenders,
  ],
  exports: [TicketsUseCase, PlatformLookup],
})
export class TicketsModule {}
