import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { PlatformLookup } from '../delivery/persistence/platform-lookup.provider.js';
import { EmailSuppressionResolver } from './graphql/email-suppression.resolver.js';
import { EmailTemplateResolver } from './graphql/email-template.resolver.js';
import { MarketingResolver } from './graphql/marketing.resolver.js';
import { TrackingController } from './http/tracking.controller.js';
import { UnsubscribeController } from './http/unsubscribe.controller.js';
import { CampaignQueue } from './jobs/campaign-queue.js';
import { ClientDirectory } from './persistence/client-directory.provider.js';
import { MarketingUseCase } from './use-cases/marketing.use-case.js';
import { EmailTemplatesUseCase } from './use-cases/email-templates.use-case.js';
import { SegmentAudience } from './use-cases/segment-audience.js';
import { TrackingUseCase } from './use-cases/tracking.use-case.js';
import { UnsubscribeUseCase } from './use-cases/unsubscribe.use-case.js';

/** The API process's face of marketing: the /marketing screen the public unsubscribe link and the open/click tracking addresses. */
@Module({
  imports: [DeliveryModule],
  controllers: [UnsubscribeController, TrackingController],
  providers: [
    PlatformLookup,
    ClientDirectory,
    SegmentAudience,
    CampaignQueue,
    MarketingUseCase,
    UnsubscribeUseCase,
    TrackingUseCase,
    MarketingResolver,
    EmailSuppressionResolver,
    EmailTemplatesUseCase,
    EmailTemplateResolver,
  ],
})
export class MarketingApiModule {}
