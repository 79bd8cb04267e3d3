import { Module } from '@nestjs/common';
import { ConsentModule } from '../consent/consent.module.js';
import { ClientMessagesModule } from '../delivery/client-messages.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { AppointmentEventsConsumer } from './events/appointment-events.consumer.js';
import { ClientCreatedConsumer } from './events/client-created.consumer.js';
import { AutomationQueue } from './jobs/automation-queue.js';
import { AutomationWorker } from './jobs/automation-worker.js';
import { DailyOccasionsQueue } from './jobs/daily-occasions-queue.js';
import { DailyOccasionsWorker } from './jobs/daily-occasions-worker.js';
import { ClientDirectory } from '../marketing/persistence/client-directory.provider.js';
import { RunDailyOccasionsUseCase } from './use-cases/run-daily-occasions.use-case.js';
import { RunAutomationSendUseCase } from './use-cases/run-automation-send.use-case.js';
import { ScheduleAutomationsUseCase } from './use-cases/schedule-automations.use-case.js';

/**
 * Worker only: plans automation sends from scheduling's events, the clients service's new clients
 * and each location's daily run (birthday, win-back, days since the last visit), and sends them when due.
 */
@Module({
  imports: [DeliveryModule, ConsentModule, ClientMessagesModule],
  providers: [
    AutomationQueue,
    AutomationWorker,
    ScheduleAutomationsUseCase,
    RunAutomationSendUseCase,
    AppointmentEventsConsumer,
    ClientCreatedConsumer,
    ClientDirectory,
    DailyOccasionsQueue,
    DailyOccasionsWorker,
    RunDailyOccasionsUseCase,
  ],
})
export class AutomationsWorkerModule {}
