import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import express from 'express';
import { AiQueueModule } from '../ai/ai-queue.module.js';
import { ConsentModule } from '../consent/consent.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { SesWebhookController } from './http/ses-webhook.controller.js';
import { TwilioSignatureGuard } from './http/twilio-signature.guard.js';
import { TwilioWebhooksController } from './http/twilio-webhooks.controller.js';
import { SnsClient } from './sns/sns-client.js';
import { SnsVerifier } from './sns/sns-verifier.js';

@Module({
  imports: [DeliveryModule, ConsentModule, InboxModule, AiQueueModule],
  controllers: [TwilioWebhooksController, SesWebhookController],
  providers: [TwilioSignatureGuard, SnsClient, SnsVerifier],
})
export class WebhooksModule implements NestModule {
  // The service parses JSON only; Twilio posts forms and SNS posts JSON labelled text/plain.
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(express.urlencoded({ extended: false, limit: '64kb' })).forRoutes(TwilioWebhooksController);
    consumer.apply(express.text({ type: () => true, limit: '256kb' })).forRoutes(SesWebhookController);
  }
}
