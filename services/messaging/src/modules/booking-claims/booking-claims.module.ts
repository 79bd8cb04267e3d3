import { Module } from '@nestjs/common';
import { ClientMessagesModule } from '../delivery/client-messages.module.js';
import { BookingClaimRequestedConsumer } from './events/booking-claim-requested.consumer.js';
import { SendBookingClaimUseCase } from './use-cases/send-booking-claim.use-case.js';

/** Online booking's "was this booking yours?" links (scheduling.booking-claim.requested.v1 → text or e-mail), worker only. */
@Module({
  imports: [ClientMessagesModule],
  providers: [SendBookingClaimUseCase, BookingClaimRequestedConsumer],
  exports: [SendBookingClaimUseCase],
})
export class BookingClaimsModule {}
