import { Module } from '@nestjs/common';
import { SchedulesModule } from '../schedules/schedules.module.js';
import { AvailabilityController } from './http/availability.controller.js';
import { AvailabilityUseCase } from './use-cases/availability.use-case.js';

@Module({ imports: [SchedulesModule], controllers: [AvailabilityController], providers: [AvailabilityUseCase], exports: [AvailabilityUseCase] })
export class AvailabilityModule {}
