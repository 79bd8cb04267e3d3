import { Module } from '@nestjs/common';
import { AllocationsModule } from '../allocations/allocations.module.js';
import { AvailabilityModule } from '../availability/availability.module.js';
import { SchedulesModule } from '../schedules/schedules.module.js';
import { TicketClosedConsumer } from './events/ticket-closed.consumer.js';
import { ClientReplyConsumer } from './events/client-reply.consumer.js';
import { ClientReplyUseCase } from './use-cases/client-reply.use-case.js';
import { AppointmentSeriesResolver } from './graphql/appointment-series.resolver.js';
import { AppointmentResolver } from './graphql/appointment.resolver.js';
import { AppointmentSeriesController } from './http/appointment-series.controller.js';
import { AppointmentsController } from './http/appointments.controller.js';
import { AppointmentSeriesRepository } from './persistence/appointment-series.repository.js';
import { AppointmentSeriesUseCase } from './use-cases/appointment-series.use-case.js';
import { AppointmentsUseCase } from './use-cases/appointments.use-case.js';
import { BookingWriter } from './use-cases/booking-writer.use-case.js';
import { MarkPaidUseCase } from './use-cases/mark-paid.use-case.js';

@Module({
  imports: [AvailabilityModule, SchedulesModule, AllocationsModule],
  controllers: [AppointmentsController, AppointmentSeriesController],
  providers: [
    AppointmentsUseCase,
    AppointmentResolver,
    AppointmentSeriesResolver,
    BookingWriter,
    AppointmentSeriesUseCase,
    AppointmentSeriesRepository,
    MarkPaidUseCase,
    TicketClosedConsumer,
    ClientReplyConsumer,
    ClientReplyUseCase,
  ],
  exports: [AppointmentsUseCase, BookingWriter, AllocationsModule],
})
export class AppointmentsModule {}
