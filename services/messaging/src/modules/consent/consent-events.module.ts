import { Module } from '@nestjs/common';
import { ClientConsentChangedConsumer } from './events/client-consent-changed.consumer.js';
import { ClientConsentUseCase } from './use-cases/client-consent.use-case.js';

/** The worker's consumer of the clients service's consent decisions, and the check bulk sends will use. */
@Module({ providers: [ClientConsentUseCase, ClientConsentChangedConsumer], exports: [ClientConsentUseCase] })
export class ConsentEventsModule {}
