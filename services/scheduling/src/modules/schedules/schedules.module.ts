import { Module } from '@nestjs/common';
import { ScheduleResolver } from './graphql/schedule.resolver.js';
import { SchedulesController } from './http/schedules.controller.js';
import { SchedulesUseCase } from './use-cases/schedules.use-case.js';

@Module({ controllers: [SchedulesController], providers: [SchedulesUseCase, ScheduleResolver], exports: [SchedulesUseCase] })
export class SchedulesModule {}
