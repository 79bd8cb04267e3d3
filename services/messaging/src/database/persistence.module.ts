import { Global, Module } from '@nestjs/common';
import { SmsConsentRepository } from '../modules/consent/persistence/sms-consent.repository.js';
import { MessageRepository } from '../modules/delivery/persistence/message.repository.js';

const REPOSITORIES = [MessageRepository, SmsConsentRepository];

/** Every repository of the service, available to every feature module (they share one database). */
@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class PersistenceModule {}
