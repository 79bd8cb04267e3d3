import { Module } from '@nestjs/common';
import { AllocationsModule } from '../allocations/allocations.module.js';
import { AvailabilityModule } from '../availability/availability.module.js';
import { SchedulesModule } from '../schedules/schedules.module.js';
import { AppointmentSeriesResolver } from './graphql/appointment-series.resolver.js';
import { AppointmentResolver } from './graphql/appointment.resolver.js';
import { AppointmentSeriesController } from './http/appointment-series.controller.js';
import { AppointmentsController } from './http/appointments.controller.js';
import { AppointmentSeriesRepository } from './persistence/appointment-series.repository.js';
import { AppointmentSeriesUseCase } from './use-cases/appointment-series.use-case.js';
import { AppointmentsUseCase } from './use-cases/appointments.use-case.js';
import { BookingWriter } from './use-cases/booking-writer.use-case.js';

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
  ],
  exports: [AppointmentsUseCase, BookingWriter, AllocationsModule],
})
export class AppointmentsModule {}
