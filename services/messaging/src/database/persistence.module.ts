import { Global, Module } from '@nestjs/common';
import { ClientConsentRepository } from '../modules/consent/persistence/client-consent.repository.js';
import { SmsConsentRepository } from '../modules/consent/persistence/sms-consent.repository.js';
import { MessageRepository } from '../modules/delivery/persistence/message.repository.js';

const REPOSITORIES = [MessageRepository, SmsConsentRepository, ClientConsentRepository];

/** Every repository of the service, available to every feature module (they share one database). */
@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class PersistenceModule {}
