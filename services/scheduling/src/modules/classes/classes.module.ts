import { Module } from '@nestjs/common';
import { AllocationsModule } from '../allocations/allocations.module.js';
import { AvailabilityModule } from '../availability/availability.module.js';
import { SchedulesModule } from '../schedules/schedules.module.js';
import { ClassEnrolmentResolver, ClassResolver } from './graphql/class.resolver.js';
import { ClassesController } from './http/classes.controller.js';
import { ClassRepository } from './persistence/class.repository.js';
import { ClassEnrolmentsUseCase } from './use-cases/class-enrolments.use-case.js';
import { ClassSessionsUseCase } from './use-cases/class-sessions.use-case.js';

@Module({
  imports: [AvailabilityModule, SchedulesModule, AllocationsModule],
  controllers: [ClassesController],
  providers: [ClassRepository, ClassSessionsUseCase, ClassEnrolmentsUseCase, ClassResolver, ClassEnrolmentResolver],
})
export class ClassesModule {}
