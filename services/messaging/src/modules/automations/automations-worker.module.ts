import { Module } from '@nestjs/common';
import { ConsentModule } from '../consent/consent.module.js';
import { ClientMessagesModule } from '../delivery/client-messages.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { AppointmentEventsConsumer } from './events/appointment-events.consumer.js';
import { AutomationQueue } from './jobs/automation-queue.js';
import { AutomationWorker } from './jobs/automation-worker.js';
import { RunAutomationSendUseCase } from './use-cases/run-automation-send.use-case.js';
import { ScheduleAutomationsUseCase } from './use-cases/schedule-automations.use-case.js';

/** Worker only: plans automation sends from scheduling's events and sends them when due. */
@Module({
  imports: [DeliveryModule, ConsentModule, ClientMessagesModule],
  providers: [AutomationQueue, AutomationWorker, ScheduleAutomationsUseCase, RunAutomationSendUseCase, AppointmentEventsConsumer],
})
export class AutomationsWorkerModule {}
