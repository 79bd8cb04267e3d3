import 'reflect-metadata';
import { DEFAULT_AI_SIGNATURE, toE164 } from '@salon/contracts';
import { ConfigError } from '@salon/nest-kit';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { loadMessagingConfig } from './config.js';
import { DEMO_CAMPAIGN, DEMO_SEGMENTS } from './database/demo-marketing.js';
import { textBackMessage } from './modules/phone/domain/call-outcome.js';

/**
 * `npm run seed -w @salon/messaging`, each part once:
 * - the demo salon's AI assistant, in draft mode at the default location (staff approve each
 *   reply), and, when the platform runs the local model server (AI_LOCAL_BASE_URL, set by
 *   infra/lib/platform.mjs), the provider pointing at it;
 * - the phone: a Twilio number per demo location and a handful of past calls (answered, missed
 *   with its text-back, a voicemail, an unknown caller, a click-to-call);
 * - marketing: three segments and an e-mail campaign sent twelve days ago, so /marketing shows
 *   stats from the start.
 * SEED-ONLY SHORTCUT: locations and a few clients are read (read-only) from identity's and clients'
 * databases; the running service asks their owners. `npm start` runs it after every service is up
 * (`seedLast`), so the demo clients exist.
 */
async function readOnly<T>(url: string | undefined, fallback: string, query: string): Promise<T[]> {
  const db = new pg.Client({ connectionString: url ?? fallback });
  await db.connect();
  try {
    return (await db.query(query)).rows as T[];
  } finally {
    await db.end();
  }
}

/** The AI assistant's demo settings (its own "already seeded" check: a phone seeded before it does not skip it). */
async function seedAi(dataSource: DataSource): Promise<Record<string, unknown>> {
  if ((await dataSource.query(`SELECT 1 FROM ai_location_settings LIMIT 1`)).length) return { ai: 'already seeded' };
  const [home] = await readOnly<{ id: string }>(
    process.env.IDENTITY_DATABASE_URL,
    'postgres://postgres@127.0.0.1:5432/salon_identity',
    `SELECT id FROM locations ORDER BY is_default DESC, created_at LIMIT 1`,
  );
  if (home) {
    await dataSource.query(
      `INSERT INTO ai_location_settings (location_id, mode, auto_from, auto_to, signature) VALUES ($1, 'draft', '09:00', '18:00', $2)
       ON CONFLICT DO NOTHING`,
      [home.id, DEFAULT_AI_SIGNATURE],
    );
  }
  const server = process.env.AI_LOCAL_BASE_URL;
  const local = server ? `${server.replace(/\/+$/, '')}/v1` : null;
  if (local) {
    await dataSource.query(`INSERT INTO ai_provider (id, base_url, model, api_key) VALUES (1, $1, 'local', NULL) ON CONFLICT DO NOTHING`, [
      local,
    ]);
  }
  return { aiLocation: home?.id ?? null, aiProvider: local };
}

/** The demo marketing: three segments and an e-mail campaign sent twelve days ago to some demo clients (delivered, one failed, one unsubscribed). */
async function seedMarketing(dataSource: DataSource, config: ReturnType<typeof loadMessagingConfig>): Promise<Record<string, unknown>> {
  if ((await dataSource.query(`SELECT 1 FROM marketing_segments LIMIT 1`)).length) return { marketing: 'already seeded' };
  const clients = await readClients(process.env.CLIENTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/salon_clients');
  const now = Date.now();
  const sentAt = new Date(now - 12 * 86_400_000);
  await dataSource.transaction(async (m) => {
    const ids: string[] = [];
    for (const s of DEMO_SEGMENTS) {
      const [row] = await m.query(`INSERT INTO marketing_segments (name, match, rules) VALUES ($1, $2, $3) RETURNING id`, [
        s.name,
        s.match,
        JSON.stringify(s.rules),
      ]);
      ids.push(row.id);
    }
    const [campaign] = await m.query(
      `INSERT INTO marketing_campaigns (name, channel, segment_id, subject, html, text, state, scheduled_at, sent_at, created_at)
       VALUES ($1, 'email', $2, $3, $4, $5, 'sent', $6, $6, $6) RETURNING id`,
      [DEMO_CAMPAIGN.name, ids[DEMO_CAMPAIGN.segment], DEMO_CAMPAIGN.subject, DEMO_CAMPAIGN.html, DEMO_CAMPAIGN.text, sentAt],
    );
    for (const [i, c] of clients.entries()) {
      const status = i === clients.length - 1 ? 'failed' : 'delivered';
      const [message] = await m.query(
        `INSERT INTO messages (idempotency_key, channel, recipient, sender, subject, body_text, body_html, purpose, status, provider,
           attempts, queued_at, sent_at, delivered_at, failed_at, last_error, updated_at)
         VALUES ($1, 'email', $2, $3, $4, $5, $6, 'campaign', $7, 'ses', 1, $8, $9, $10, $11, $12, $8) RETURNING id`,
        [
          `campaign:${campaign.id}:${c.id}`,
          c.email,
          config.EMAIL_FROM,
          DEMO_CAMPAIGN.subject.replace('{{firstName}}', c.first_name),
          DEMO_CAMPAIGN.text.replace('{{firstName}}', c.first_name),
          DEMO_CAMPAIGN.html.replace('{{firstName}}', c.first_name),
          status,
          sentAt,
          status === 'failed' ? null : sentAt,
          status === 'failed' ? null : sentAt,
          status === 'failed' ? sentAt : null,
          status === 'failed' ? 'SES: MessageRejected: the address bounced' : null,
        ],
      );
      await m.query(
        `INSERT INTO marketing_recipients (campaign_id, client_id, state, message_id, created_at) VALUES ($1, $2, 'queued', $3, $4)`,
        [campaign.id, c.id, message.id, sentAt],
      );
    }
    if (clients.length > 1)
      await m.query(`INSERT INTO marketing_unsubscribes (client_id, channel, campaign_id, at) VALUES ($1, 'email', $2, $3)`, [
        clients[0]!.id,
        campaign.id,
        new Date(sentAt.getTime() + 3_600_000),
      ]);
  });
  return { segments: DEMO_SEGMENTS.length, campaignRecipients: clients.length };
}

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

try {
  const config = loadMessagingConfig();
  const dataSource = new DataSource({ type: 'postgres', url: config.DATABASE_URL });
  await dataSource.initialize();
  try {
    const ai = { ...(await seedAi(dataSource)), ...(await seedMarketing(dataSource, config)) };
    if ((await dataSource.query(`SELECT 1 FROM phone_numbers LIMIT 1`)).length) {
      console.log(JSON.stringify({ service: 'messaging', seeded: false, reason: 'phone already seeded', ...ai }));
    } else {
      const locations = await readOnly<{ id: string; name: string; phone: string | null }>(
        process.env.IDENTITY_DATABASE_URL,
        'postgres://postgres@127.0.0.1:5432/salon_identity',
        `SELECT id, name, phone FROM locations WHERE is_active ORDER BY is_default DESC, name`,
      );
      const clients = await readOnly<{ id: string; name: string; first: string; phone: string }>(
        process.env.CLIENTS_DATABASE_URL,
        'postgres://postgres@127.0.0.1:5432/salon_clients',
        `SELECT id, trim(first_name || ' ' || coalesce(last_name, '')) AS name, first_name AS first, phone FROM clients
          WHERE deleted_at IS NULL AND merged_into IS NULL AND phone IS NOT NULL ORDER BY created_at, id LIMIT 6`,
      ).catch(() => []);
      const now = Date.now();
      const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
      const recordings = config.TWILIO_API_URL || 'https://api.twilio.com';
      let calls = 0;
      await dataSource.transaction(async (m) => {
        for (const [i, location] of locations.entries()) {
          const number = `+1312555090${i}`;
          const forwardTo = (location.phone && toE164(location.phone)) || `+1312555080${i}`;
          await m.query(
            `INSERT INTO phone_numbers (location_id, number, forward_to, ring_staff, ring_seconds, text_back, greeting)
             VALUES ($1, $2, $3, $4, 20, true, $5)`,
            [
              location.id,
              number,
              forwardTo,
              [],
              `Thanks for calling ${location.name}. Sorry we missed you: please leave a message after the tone.`,
            ],
          );
          const c = (k: number) => clients[(k + i * 3) % Math.max(clients.length, 1)];
          const past: {
            h: number;
            dir: 'inbound' | 'outbound';
            who: (typeof clients)[number] | undefined;
            phone?: string;
            outcome: string;
            seconds: number | null;
            voicemail?: boolean;
            textBack?: boolean;
          }[] =
            i === 0
              ? [
                  { h: 1, dir: 'inbound', who: c(0), outcome: 'answered', seconds: 184 },
                  { h: 3, dir: 'inbound', who: c(1), outcome: 'voicemail', seconds: 21, voicemail: true, textBack: true },
                  { h: 26, dir: 'inbound', who: undefined, phone: '+13125550977', outcome: 'missed', seconds: null, textBack: true },
                  { h: 28, dir: 'outbound', who: c(2), outcome: 'answered', seconds: 95 },
                  { h: 50, dir: 'inbound', who: c(0), outcome: 'answered', seconds: 240 },
                ]
              : [
                  { h: 5, dir: 'inbound', who: c(0), outcome: 'answered', seconds: 132 },
                  { h: 30, dir: 'inbound', who: c(1), outcome: 'missed', seconds: null, textBack: true },
                ];
          for (const p of past) {
            const phone = p.who?.phone ?? p.phone;
            if (!phone) continue;
            const callSid = sid('CA');
            const at = hoursAgo(p.h);
            let messageId: string | null = null;
            if (p.textBack) {
              const [message] = await m.query(
                `INSERT INTO messages (idempotency_key, channel, recipient, sender, body_text, purpose, status, provider,
                   provider_message_id, attempts, queued_at, sent_at, delivered_at)
                 VALUES ($1, 'sms', $2, $3, $4, 'missed-call', 'delivered', 'twilio', $5, 1, $6, $6, $6) RETURNING id`,
                [
                  `missed-call:${callSid}`,
                  phone,
                  config.TWILIO_FROM,
                  textBackMessage(`${config.PUBLIC_URL}/booking`, p.who?.first ?? null),
                  sid('SM'),
                  new Date(at.getTime() + 60_000),
                ],
              );
              messageId = message.id;
            }
            await m.query(
              `INSERT INTO calls (call_sid, location_id, direction, phone, staff_phone, client_id, client_name, outcome, started_at,
                 duration_seconds, recording_url, text_back_message_id)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
              [
                callSid,
                location.id,
                p.dir,
                phone,
                p.dir === 'outbound' ? forwardTo : null,
                p.who?.id ?? null,
                p.who?.name ?? null,
                p.outcome,
                at,
                p.seconds,
                p.voicemail ? `${recordings}/recordings/${sid('RE')}` : null,
                messageId,
              ],
            );
            await m.query(`INSERT INTO call_webhook_inbox (call_sid, step) VALUES ($1, 'seed')`, [callSid]);
            calls++;
          }
        }
      });
      console.log(JSON.stringify({ service: 'messaging', seeded: true, numbers: locations.length, calls, ...ai }));
    }
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `messaging seed failed: ${(error as Error).message}`);
  process.exit(1);
}

/** Demo clients with an e-mail address and e-mail consent (at most six); none when clients is not there. */
async function readClients(url: string): Promise<{ id: string; first_name: string; email: string }[]> {
  const db = new pg.Client({ connectionString: url });
  try {
    await db.connect();
    const { rows } = await db.query(
      `SELECT id::text, first_name, email::text FROM clients
        WHERE deleted_at IS NULL AND merged_into IS NULL AND email IS NOT NULL AND email_consent ORDER BY created_at, id LIMIT 6`,
    );
    return rows as { id: string; first_name: string; email: string }[];
  } catch {
    return [];
  } finally {
    await db.end().catch(() => undefined);
  }
}
