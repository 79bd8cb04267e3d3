import { Module } from '@nestjs/common';
import { ConsentModule } from '../consent/consent.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { PlatformLookup } from '../delivery/persistence/platform-lookup.provider.js';
import { AppointmentBookedConsumer } from './events/appointment-booked.consumer.js';
import { SendBookingConfirmationUseCase } from './use-cases/send-booking-confirmation.use-case.js';

/** Online booking confirmations (scheduling.appointment.booked.v1, source online → text or e-mail), worker only. */
@Module({ imports: [DeliveryModule, ConsentModule], providers: [PlatformLookup, SendBookingConfirmationUseCase, AppointmentBookedConsumer] })
export class BookingConfirmationsModule {}
