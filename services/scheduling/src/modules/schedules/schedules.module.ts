import { Module } from '@nestjs/common';
import { SchedulesController } from './http/schedules.controller.js';
import { SchedulesUseCase } from './use-cases/schedules.use-case.js';

@Module({ controllers: [SchedulesController], providers: [SchedulesUseCase], exports: [SchedulesUseCase] })
export class SchedulesModule {}
