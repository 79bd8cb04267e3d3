import { Module } from '@nestjs/common';
import { AppointmentsModule } from '../appointments/appointments.module.js';
import { AvailabilityModule } from '../availability/availability.module.js';
import { SchedulesModule } from '../schedules/schedules.module.js';
import { WaitlistResolver } from './graphql/waitlist.resolver.js';
import { AppointmentFreedConsumer } from './events/appointment-freed.consumer.js';
import { WaitlistController } from './http/waitlist.controller.js';
import { OfferExpiryProcessor } from './jobs/offer-expiry.processor.js';
import { WaitlistRepository } from './persistence/waitlist.repository.js';
import { WaitlistUseCase } from './use-cases/waitlist.use-case.js';

/** The appointment waitlist: entries, automatic offers when time frees, accept by staff or by the client's link. */
@Module({
  imports: [AvailabilityModule, SchedulesModule, AppointmentsModule],
  controllers: [WaitlistController],
  providers: [WaitlistRepository, WaitlistUseCase, WaitlistResolver, AppointmentFreedConsumer, OfferExpiryProcessor],
  exports: [WaitlistUseCase],
})
export class WaitlistModule {}
