import { SmsConsentEntity } from '../modules/consent/persistence/sms-consent.entity.js';
import { MessageEntity } from '../modules/delivery/persistence/message.entity.js';
import { MessagingInitial1763800000000 } from './migrations/1763800000000-messaging-initial.js';
import { ClientConsent1764300000000 } from './migrations/1764300000000-client-consent.js';
import { Automations1764500000000 } from './migrations/1764500000000-automations.js';
import { AiMessaging1764620000000 } from './migrations/1764620000000-ai-messaging.js';
import { Phone1764700000000 } from './migrations/1764700000000-phone.js';
import { Marketing1764810000000 } from './migrations/1764810000000-marketing.js';
import { EmailSuppressions1764900000000 } from './migrations/1764900000000-email-suppressions.js';
import { AiActionDone1765000000000 } from './migrations/1765000000000-ai-action-done.js';
import { CampaignEngagement1765300000000 } from './migrations/1765300000000-campaign-engagement.js';
import { CustomAutomations1765400000000 } from './migrations/1765400000000-custom-automations.js';
import { EmailTemplates1765500000000 } from './migrations/1765500000000-email-templates.js';
import { AppointmentBookedAt1765600000000 } from './migrations/1765600000000-appointment-booked-at.js';
import { CampaignProgress1765700000000 } from './migrations/1765700000000-campaign-progress.js';
import { CustomAutomationDays1765710000000 } from './migrations/1765710000000-custom-automation-days.js';
import { ReceiptSends1765800000000 } from './migrations/1765800000000-receipt-sends.js';
import { InboundToNumber1765810000000 } from './migrations/1765810000000-inbound-to-number.js';

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
  AiActionDone1765000000000,
  CampaignEngagement1765300000000,
  CustomAutomations1765400000000,
  EmailTemplates1765500000000,
  AppointmentBookedAt1765600000000,
  CampaignProgress1765700000000,
  CustomAutomationDays1765710000000,
  ReceiptSends1765800000000,
  InboundToNumber1765810000000,
];
