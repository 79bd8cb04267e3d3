import { Module } from '@nestjs/common';
import { ClientRepository } from '../clients/persistence/client.repository.js';
import { ClientsUseCase } from '../clients/use-cases/clients.use-case.js';
import { SmsOptChangeConsumer } from './events/sms-opt-change.consumer.js';
import { ClientsByPhoneRepository } from './persistence/clients-by-phone.repository.js';
import { ApplySmsKeywordUseCase } from './use-cases/apply-sms-keyword.use-case.js';

/**
 * Worker only: STOP/START texted to the business (messaging's events) → the SMS consent on the
 * profiles with that phone. ClientsUseCase and ClientRepository are provided here because the worker
 * loads neither ClientsModule (its controller and resolver belong to the API) nor the API's PersistenceModule.
 */
@Module({ providers: [ClientRepository, ClientsUseCase, ClientsByPhoneRepository, ApplySmsKeywordUseCase, SmsOptChangeConsumer] })
export class SmsOptOutsModule {}
