import { Global, Module } from '@nestjs/common';
import { AppointmentChangeRepository } from '../modules/appointments/persistence/appointment-change.repository.js';
import { AppointmentRepository } from '../modules/appointments/persistence/appointment.repository.js';
import { CalendarRepository } from '../modules/availability/persistence/calendar.repository.js';
import { CatalogueRepository } from '../modules/catalogue/persistence/catalogue.repository.js';
import { ScheduleRepository } from '../modules/schedules/persistence/schedule.repository.js';

const PROVIDERS = [CatalogueRepository, ScheduleRepository, CalendarRepository, AppointmentRepository, AppointmentChangeRepository];

/** Every repository of the service (and the staff-name directory), available to every feature module. */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class PersistenceModule {}
