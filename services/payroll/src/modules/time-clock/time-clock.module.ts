import { Access } from '../../common/access.provider.js';
import { Module } from '@nestjs/common';
import { TimeClockResolver } from './graphql/time-clock.resolver.js';
import { TimeClockController } from './http/time-clock.controller.js';
import { TimeClockUseCase } from './use-cases/time-clock.use-case.js';

@Module({ controllers: [TimeClockController], providers: [Access, TimeClockUseCase, TimeClockResolver], exports: [TimeClockUseCase] })
export class TimeClockModule {}
