import { Module } from '@nestjs/common';
import { FormLinksModule } from '../form-links/form-links.module.js';
import { AppointmentBookedConsumer } from './events/appointment-booked.consumer.js';
import { RequestFormsForBookingUseCase } from './use-cases/request-forms-for-booking.use-case.js';

/** Follows scheduling's bookings, so the forms attached to a service become due for its client (worker process). */
@Module({
  imports: [FormLinksModule],
  providers: [RequestFormsForBookingUseCase, AppointmentBookedConsumer],
  exports: [RequestFormsForBookingUseCase],
})
export class FormRequestsModule {}
