import { SmsConsentEntity } from '../modules/consent/persistence/sms-consent.entity.js';
import { MessageEntity } from '../modules/delivery/persistence/message.entity.js';
import { MessagingInitial1763800000000 } from './migrations/1763800000000-messaging-initial.js';
import { ClientConsent1764300000000 } from './migrations/1764300000000-client-consent.js';
import { Automations1764500000000 } from './migrations/1764500000000-automations.js';
import { AiMessaging1764620000000 } from './migrations/1764620000000-ai-messaging.js';
import { Phone1764700000000 } from './migrations/1764700000000-phone.js';
import { Marketing1764810000000 } from './migrations/1764810000000-marketing.js';
import { EmailSuppressions1764900000000 } from './migrations/1764900000000-email-suppressions.js';

/** Everything TypeORM needs to know about this service's database, in one place. */
export const ENTITIES = [MessageEntity, SmsConsentEntity];
export const MIGRATIONS = [
  MessagingInitial1763800000000,
  ClientConsent1764300000000,
  Automations1764500000000,
  AiMessaging1764620000000,
  Phone1764700000000,
  Marketing1764810000000,
  EmailSuppressions1764900000000,
];
