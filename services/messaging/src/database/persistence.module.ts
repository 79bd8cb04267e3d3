import { Global, Module } from '@nestjs/common';
import { ClientConsentRepository } from '../modules/consent/persistence/client-consent.repository.js';
import { SmsConsentRepository } from '../modules/consent/persistence/sms-consent.repository.js';
import { EmailSuppressionRepository } from '../modules/delivery/persistence/email-suppression.repository.js';
import { MessageRepository } from '../modules/delivery/persistence/message.repository.js';
import { AutomationRepository } from '../modules/automations/persistence/automation.repository.js';
import { AutomationSendRepository } from '../modules/automations/persistence/automation-send.repository.js';
import { CustomAutomationRepository } from '../modules/automations/persistence/custom-automation.repository.js';
import { ConversationRepository } from '../modules/inbox/persistence/conversation.repository.js';
import { MarketingRepository } from '../modules/marketing/persistence/marketing.repository.js';

const REPOSITORIES = [
  MessageRepository,
  SmsConsentRepository,
  ClientConsentRepository,
  AutomationRepository,
  AutomationSendRepository,
  CustomAutomationRepository,
  ConversationRepository,
  MarketingRepository,
  EmailSuppressionRepository,
];

/** Every repository of the service, available to every feature module (they share one database). */
@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class PersistenceModule {}
