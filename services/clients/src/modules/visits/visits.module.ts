import { Module } from '@nestjs/common';
import { AppointmentCompletedConsumer } from './events/appointment-completed.consumer.js';
import { RecordVisitUseCase } from './use-cases/record-visit.use-case.js';

/** Visits as scheduling reports them: keeps each client's last visit (the list's "last visit" sort and filters). */
@Module({ providers: [RecordVisitUseCase, AppointmentCompletedConsumer] })
export class VisitsModule {}
