import { baseConfigSchema, eventsConfigSchema, identityClientConfigSchema, loadConfig, sharedSecret } from '@salon/nest-kit';
import { z } from 'zod';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/salon_messaging';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const messagingConfigSchema = baseConfigSchema
  .and(eventsConfigSchema)
  // IDENTITY_URL and PERMISSION_CACHE_SECONDS: /phone's permission (view_phone) is asked of identity.
  .and(identityClientConfigSchema)
  .and(
    z.object({
      PORT: z.coerce.number().int().min(1).max(65535).default(4002),
      DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
      /** Where people and providers reach the platform; reset links and webhook signatures use it. */
      PUBLIC_URL: z
        .url()
        .default('http://localhost:4000')
        .transform((u) => u.replace(/\/+$/, '')),
      EVENT_SECRET_KEY: sharedSecret(16),
      /** The clients service: a waitlist offer's recipient (phone, e-mail, first name, consent) is asked of it. */
      CLIENTS_URL: z.url().default('http://127.0.0.1:4003'),
      /** Identity: the business name and the locations' time zones written into waitlist offers. */
      IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
      /** Scheduling: the AI assistant reads the salon's facts and free times, and books, through the online booking API. */
      SCHEDULING_URL: z.url().default('http://127.0.0.1:4004'),
      /** Retail: the payment link of a deposit an AI booking is held for (its public /api/booking-deposits). */
      RETAIL_URL: z.url().default('http://127.0.0.1:4005'),

      EMAIL_PROVIDER: z.enum(['ses', 'log']).default('ses'),
      /** Empty means the real AWS endpoint for AWS_REGION. */
      SES_ENDPOINT: z.union([z.literal(''), z.url()]).default('http://127.0.0.1:8005'),
      AWS_REGION: z.string().min(1).default('us-east-1'),
      AWS_ACCESS_KEY_ID: z.string().min(1).default('local-access-key'),
      AWS_SECRET_ACCESS_KEY: z.string().min(1).default('local-secret-key'),
      SES_CONFIGURATION_SET: z.string().optional(),
      /**
       * Where SES's `Send` events (event publishing of the configuration set, tagged with our
       * message id) can be looked up: before an e-mail whose outcome a crash lost is sent again,
       * the worker asks here whether SES already accepted it. The local SES server serves them
       * at `<SES_ENDPOINT>/send-events`. Unset: such an e-mail is sent again (at-least-once).
       */
      SES_SEND_EVENTS_URL: z.union([z.literal(''), z.url()]).optional(),
      EMAIL_FROM: z.string().min(3).default('Willow & Sage <no-reply@demo.salon>'),
      /** Hosts SNS signing certificates may come from; `*` stands for one DNS label. */
      SES_WEBHOOK_CERT_HOSTS: z
        .string()
        .default('sns.*.amazonaws.com')
        .transform((s) =>
          s
            .split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean),
        ),
      /**
       * The SNS topics SES notifications may come from (comma list of ARNs). Empty accepts any topic,
       * which only development allows: a valid signature proves SNS sent a message, not that it is
       * ours, and anyone can point their own topic at this webhook.
       */
      SES_SNS_TOPIC_ARNS: z
        .string()
        .default('')
        .transform((s) =>
          s
            .split(',')
            .map((arn) => arn.trim())
            .filter(Boolean),
        ),
      /** The local SES server's web view, shown on /email-test; defaults to SES_ENDPOINT when it is local. */
      EMAIL_PREVIEW_URL: z.union([z.literal(''), z.url()]).optional(),

      SMS_PROVIDER: z.enum(['log', 'twilio']).default('log'),
      TWILIO_ACCOUNT_SID: z
        .string()
        .regex(/^AC[0-9a-zA-Z]{32}$/, 'must look like AC followed by 32 characters')
        .default('AC00000000000000000000000000000000'),
      /**
       * Signs and checks Twilio's webhooks. Unset: no webhook is believed (there is no default
       * anyone could read); `npm start` generates one and gives it to the local Twilio peer too.
       */
      TWILIO_AUTH_TOKEN: sharedSecret(8).optional(),
      TWILIO_FROM: z.string().min(3).default('+15005550006'),
      /** Base URL of a Twilio-compatible peer (local tests); unset means api.twilio.com. */
      TWILIO_API_URL: z.union([z.literal(''), z.url()]).optional(),

      SMS_PER_SENDER_PER_SECOND: z.coerce.number().positive().default(1),
      EMAIL_PER_SECOND: positiveInt(14),
      MESSAGE_MAX_ATTEMPTS: positiveInt(6),
      MESSAGE_BACKOFF_MS: positiveInt(2000),
      WORKER_CONCURRENCY: positiveInt(8),
      /**
       * How long a worker owns a job (and a message's `sending` lease) without renewing it. Both are
       * renewed while the worker lives, so this only bounds how soon a dead worker's jobs are taken
       * up again: within about 1.5 x this (the stalled-job check runs every half lock).
       */
      WORKER_LOCK_MS: positiveInt(5_000),
      /** How often messages left queued by a crash between insert and enqueue are re-enqueued. */
      STRANDED_SWEEP_SECONDS: positiveInt(60),
    }),
  )
  .refine((c) => c.SMS_PROVIDER !== 'twilio' || c.TWILIO_AUTH_TOKEN !== undefined, {
    path: ['TWILIO_AUTH_TOKEN'],
    message: "must be set to the account's auth token when SMS_PROVIDER=twilio",
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.EMAIL_PROVIDER !== 'ses' || c.SES_SNS_TOPIC_ARNS.length > 0, {
    path: ['SES_SNS_TOPIC_ARNS'],
    message: 'must list the SNS topic ARNs SES notifications come from when EMAIL_PROVIDER=ses in production',
  });

export type MessagingConfig = z.infer<typeof messagingConfigSchema>;

export function loadMessagingConfig(env: Record<string, string | undefined> = process.env): MessagingConfig {
  return loadConfig(messagingConfigSchema, { DATABASE_URL: DEFAULT_DATABASE_URL, ...env });
}

/** Where the /email-test page links to see sent e-mails (the local SES server's web view), or null. */
export function emailPreviewUrl(config: MessagingConfig): string | null {
  if (config.EMAIL_PREVIEW_URL !== undefined) return config.EMAIL_PREVIEW_URL || null;
  if (config.EMAIL_PROVIDER !== 'ses' || !config.SES_ENDPOINT) return null;
  const host = new URL(config.SES_ENDPOINT).hostname;
  return ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)
    ? config.SES_ENDPOINT.replace(/\/+$/, '').replace('127.0.0.1', 'localhost')
    : null;
}
