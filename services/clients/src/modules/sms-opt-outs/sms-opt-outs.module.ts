import { Module } from '@nestjs/common';
import { ClientRepository } from '../clients/persistence/client.repository.js';
import { SmsOptChangeConsumer } from './events/sms-opt-change.consumer.js';
import { ClientsByPhoneRepository } from './persistence/clients-by-phone.repository.js';
import { ApplySmsKeywordUseCase } from './use-cases/apply-sms-keyword.use-case.js';
import { ApplyUnsubscribeUseCase } from './use-cases/apply-unsubscribe.use-case.js';

/**
 * Worker only: STOP/START texted to the business (messaging's events) → the SMS consent on the
 * profiles with that phone; a campaign's unsubscribe link → that client's consent for the channel. ClientRepository is provided here because the worker loads neither
 * ClientsModule (the API's: its use-case asks identity about callers and references) nor the API's
 * PersistenceModule; the events are built by the same domain functions as ClientsUseCase's.
 */
@Module({ providers: [ClientRepository, ClientsByPhoneRepository, ApplySmsKeywordUseCase, ApplyUnsubscribeUseCase, SmsOptChangeConsumer] })
export class SmsOptOutsModule {}
