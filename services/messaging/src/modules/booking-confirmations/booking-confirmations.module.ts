import { Module } from '@nestjs/common';
import { ClientMessagesModule } from '../delivery/client-messages.module.js';
import { AppointmentBookedConsumer } from './events/appointment-booked.consumer.js';
import { SendBookingConfirmationUseCase } from './use-cases/send-booking-confirmation.use-case.js';

/** Online booking confirmations (scheduling.appointment.booked.v1, source online → text or e-mail), worker only. */
@Module({ imports: [ClientMessagesModule], providers: [SendBookingConfirmationUseCase, AppointmentBookedConsumer] })
export class BookingConfirmationsModule {}
