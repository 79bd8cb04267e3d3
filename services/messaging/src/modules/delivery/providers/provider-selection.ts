import type { Provider } from '@nestjs/common';
import { APP_CONFIG } from '@salon/nest-kit';
import type { MessagingConfig } from '../../../config.js';
import { EmailProvider } from './email-provider.js';
import { LogEmailProvider } from './log/log-email.provider.js';
import { LogSmsProvider } from './log/log-sms.provider.js';
import { SesEmailProvider } from './ses/ses-email.provider.js';
import { SmsProvider } from './sms-provider.js';
import { TwilioSmsProvider } from './twilio/twilio-sms.provider.js';

/** EMAIL_PROVIDER and SMS_PROVIDER pick the implementation behind each interface. */
export const PROVIDER_SELECTION: Provider[] = [
  {
    provide: EmailProvider,
    inject: [APP_CONFIG],
    useFactory: (config: MessagingConfig) => (config.EMAIL_PROVIDER === 'ses' ? new SesEmailProvider(config) : new LogEmailProvider()),
  },
  {
    provide: SmsProvider,
    inject: [APP_CONFIG],
    useFactory: (config: MessagingConfig) => (config.SMS_PROVIDER === 'twilio' ? new TwilioSmsProvider(config) : new LogSmsProvider()),
  },
];
