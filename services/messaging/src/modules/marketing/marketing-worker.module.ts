import { Module } from '@nestjs/common';
import { ConsentModule } from '../consent/consent.module.js';
import { ClientMessagesModule } from '../delivery/client-messages.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { TicketClosedConsumer } from './events/ticket-closed.consumer.js';
import { CampaignQueue } from './jobs/campaign-queue.js';
import { CampaignWorker } from './jobs/campaign-worker.js';
import { ClientDirectory } from './persistence/client-directory.provider.js';
import { RunCampaignUseCase } from './use-cases/run-campaign.use-case.js';
import { SegmentAudience } from './use-cases/segment-audience.js';

/** Worker only: sends campaigns when due, and keeps the spend segments read from retail's closed tickets. */
@Module({
  imports: [DeliveryModule, ConsentModule, ClientMessagesModule],
  providers: [ClientDirectory, SegmentAudience, CampaignQueue, CampaignWorker, RunCampaignUseCase, TicketClosedConsumer],
})
export class MarketingWorkerModule {}
