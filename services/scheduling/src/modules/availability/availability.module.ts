import { Module } from '@nestjs/common';
import { SchedulesModule } from '../schedules/schedules.module.js';
import { UnavailableResolver } from './graphql/unavailable.resolver.js';
import { AvailabilityController } from './http/availability.controller.js';
import { AvailabilityUseCase } from './use-cases/availability.use-case.js';
import { VisitAvailabilityUseCase } from './use-cases/visit-availability.use-case.js';

@Module({
  imports: [SchedulesModule],
  controllers: [AvailabilityController],
  providers: [AvailabilityUseCase, VisitAvailabilityUseCase, UnavailableResolver],
  exports: [AvailabilityUseCase, VisitAvailabilityUseCase],
})
export class AvailabilityModule {}
