import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module.js';
import { SchedulesModule } from '../schedules/schedules.module.js';
import { AppointmentResolver } from './graphql/appointment.resolver.js';
import { AppointmentsController } from './http/appointments.controller.js';
import { AppointmentsUseCase } from './use-cases/appointments.use-case.js';

@Module({ imports: [AvailabilityModule, SchedulesModule], controllers: [AppointmentsController], providers: [AppointmentsUseCase, AppointmentResolver], exports: [AppointmentsUseCase] })
export class AppointmentsModule {}
