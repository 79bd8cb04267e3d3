import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { PlatformLookup } from '../delivery/persistence/platform-lookup.provider.js';
import { EmailSuppressionResolver } from './graphql/email-suppression.resolver.js';
import { MarketingResolver } from './graphql/marketing.resolver.js';
import { UnsubscribeController } from './http/unsubscribe.controller.js';
import { CampaignQueue } from './jobs/campaign-queue.js';
import { ClientDirectory } from './persistence/client-directory.provider.js';
import { MarketingUseCase } from './use-cases/marketing.use-case.js';
import { SegmentAudience } from './use-cases/segment-audience.js';
import { UnsubscribeUseCase } from './use-cases/unsubscribe.use-case.js';

/** The API process's face of marketing: the /marketing screen and the public unsubscribe link. */
@Module({
  imports: [DeliveryModule],
  controllers: [UnsubscribeController],
  providers: [
    PlatformLookup,
    ClientDirectory,
    SegmentAudience,
    CampaignQueue,
    MarketingUseCase,
    UnsubscribeUseCase,
    MarketingResolver,
    EmailSuppressionResolver,
  ],
})
export class MarketingApiModule {}
