import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import express from 'express';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { TwilioSignatureGuard } from '../webhooks/http/twilio-signature.guard.js';
import { PhoneResolver } from './graphql/phone.resolver.js';
import { VoiceWebhooksController } from './http/voice-webhooks.controller.js';
import { ClientDirectory } from './persistence/client-directory.provider.js';
import { StaffPhones } from './persistence/staff-phone.provider.js';
import { PhoneRepository } from './persistence/phone.repository.js';
import { TwilioVoiceProvider } from './providers/twilio-voice.provider.js';
import { PhoneUseCase } from './use-cases/phone.use-case.js';
import { VoiceWebhooksUseCase } from './use-cases/voice-webhooks.use-case.js';

/**
 * The phone (API process): a Twilio number per location, the signed voice webhooks (ring, then
 * voicemail and the missed-call text through the SMS queue), the call log and click to call.
 */
@Module({
  imports: [DeliveryModule],
  controllers: [VoiceWebhooksController],
  providers: [
    PhoneRepository,
    ClientDirectory,
    StaffPhones,
    TwilioVoiceProvider,
    TwilioSignatureGuard,
    VoiceWebhooksUseCase,
    PhoneUseCase,
    PhoneResolver,
  ],
})
export class PhoneModule implements NestModule {
  // The service parses JSON only; Twilio posts forms.
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(express.urlencoded({ extended: false, limit: '64kb' })).forRoutes(VoiceWebhooksController);
  }
}
