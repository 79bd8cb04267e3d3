import { SmsConsentEntity } from '../modules/consent/persistence/sms-consent.entity.js';
import { MessageEntity } from '../modules/delivery/persistence/message.entity.js';
import { MessagingInitial1763800000000 } from './migrations/1763800000000-messaging-initial.js';
import { ClientConsent1764300000000 } from './migrations/1764300000000-client-consent.js';
import { Automations1764500000000 } from './migrations/1764500000000-automations.js';

/** Everything TypeORM needs to know about this service's database, in one place. */
export const ENTITIES = [MessageEntity, SmsConsentEntity];
export const MIGRATIONS = [MessagingInitial1763800000000, ClientConsent1764300000000, Automations1764500000000];
