import { QUEUES } from '@salon/contracts';
import { Queue } from 'bullmq';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutomationsUseCase } from '../modules/automations/use-cases/automations.use-case.js';
import { bullPrefix } from '../modules/delivery/jobs/delivery-queues.js';
import { RunCampaignUseCase } from '../modules/marketing/use-cases/run-campaign.use-case.js';
import { MarketingUseCase } from '../modules/marketing/use-cases/marketing.use-case.js';
import { EmailTemplatesUseCase } from '../modules/marketing/use-cases/email-templates.use-case.js';
import { startFakePlatform, type FakePlatform } from './fake-platform.js';
import { startLocalSes, type LocalSes } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';

/**
 * Campaigns through the real worker job, PostgreSQL, BullMQ and the local SES server: each
 * consenting client in the segment gets exactly one e-mail however often the send job runs, the
 * e-mail carries a signed one-click unsubscribe link (List-Unsubscribe header and in the body),
 * following it stops later campaigns, and a forged token changes nothing.
 */
const LOC = 'loc-chicago';
const consent = (granted: boolean) => ({ granted, changedAt: null, method: granted ? 'verbal' : null, changedBy: null });
const client = (id: string, email: string, granted: boolean, tags: string[]) => ({
  id,
  firstName: id.slice(2, 3).toUpperCase() + id.slice(3),
  email,
  phone: null,
  tags,
  emailConsent: consent(granted),
  smsConsent: consent(false),
});
const DATA = {
  business: 'Maple Street Salon',
  locations: [{ id: LOC, name: 'Chicago', timeZone: 'America/Chicago', isActive: true, isDefault: true }],
  clients: {
    'c-ana': client('c-ana', 'ana@example.com', true, ['VIP']),
    'c-bea': client('c-bea', 'bea@example.com', true, ['vip', 'colour']),
    'c-cy': client('c-cy', 'cy@example.com', false, ['VIP']),
    'c-dee': client('c-dee', 'dee@example.com', true, []),
  } as Record<string, object>,
};

let t: MessagingTestApp;
let ses: LocalSes;
let platform: FakePlatform;
let queue: Queue;
let marketing: MarketingUseCase;
let segmentId: string;

beforeAll(async () => {
  [ses, platform] = await Promise.all([startLocalSes({ port: 0 }), startFakePlatform(DATA)]);
  t = await startMessaging('marketing', {
    EMAIL_PROVIDER: 'ses',
    SES_ENDPOINT: ses.url,
    SMS_PROVIDER: 'log',
    CLIENTS_URL: platform.url,
    IDENTITY_URL: platform.url,
  });
  queue = new Queue(QUEUES.CAMPAIGN, { connection: { url: t.config.REDIS_URL }, prefix: bullPrefix(t.config) });
  marketing = t.app.get(MarketingUseCase);
  await t.app
    .get(AutomationsUseCase)
    .updateSettings({ locationId: LOC, quietStart: '00:00', quietEnd: '00:00', maxPerClientPerDay: 5, version: 0 });
  const segment = await marketing.saveSegment({ name: 'VIPs', match: 'all', rules: [{ field: 'tag', op: 'has', value: 'VIP' }] });
  segmentId = segment.id;
});
afterAll(async () => {
  await queue?.close();
  await t?.close();
  await Promise.all([ses?.stop(), platform?.stop()]);
});

const emailsTo = async (to: string) => (await ses.emails()).filter((e) => e.destination.to.some((d) => d.includes(to)));
const unsubscribeLink = (text: string) => /Unsubscribe: (\S+)/.exec(text)![1]!;

async function sendCampaign(name: string, html = '<body><h1>Hello {{firstName}}</h1><p>20% off this week.</p></body>') {
  const draft = await marketing.saveCampaign(
    {
      name,
      channel: 'email',
      segmentId,
      locationId: LOC,
      subject: `${name} for {{firstName}}`,
      html,
    },
    'admin-user',
  );
  await marketing.schedule({ id: draft.id });
  await waitFor(async () => (await marketing.campaign(draft.id)).state === 'sent', `${name} sent`);
  return draft.id;
}

describe('campaigns', () => {
  it('counts the segment per channel, then sends exactly once per consenting client even when the job runs again', async () => {
    expect(await marketing.count({ match: 'all', rules: [{ field: 'tag', op: 'has', value: 'VIP' }] }, LOC)).toEqual({
      total: 3,
      email: 2,
      sms: 0,
    });
    const id = await sendCampaign('Spring');
    // The job is retried (as after a crash before it finished): twice more, at the same time,
    // and once after one recipient's message row was lost between claim and queue.
    await t.sql(`UPDATE marketing_campaigns SET state = 'sending' WHERE id = $1`, [id]);
    await t.sql(`UPDATE marketing_recipients SET message_id = NULL WHERE campaign_id = $1 AND client_id = 'c-ana'`, [id]);
    const run = t.worker!.get(RunCampaignUseCase);
    const again = await Promise.all([run.run(id), run.run(id)]);
    expect(again.filter((o) => o.kind === 'sent').length).toBeGreaterThanOrEqual(1);
    await queue.add('send', { campaignId: id }, { jobId: `${id}_retry` });

    const messages = await t.sql<{ recipient: string; n: number }>(
      `SELECT recipient, count(*)::int AS n FROM messages WHERE idempotency_key LIKE $1 GROUP BY recipient ORDER BY recipient`,
      [`campaign:${id}:%`],
    );
    expect(messages).toEqual([
      { recipient: 'ana@example.com', n: 1 },
      { recipient: 'bea@example.com', n: 1 },
    ]);
    await waitFor(async () => (await marketing.campaign(id)).stats.sent === 2 && (await queue.getJobCounts()).completed >= 2, 'both sent');
    expect((await emailsTo('ana@example.com')).length).toBe(1);
    expect((await emailsTo('bea@example.com')).length).toBe(1);
    expect(await emailsTo('cy@example.com')).toEqual([]); // no consent
    expect(await emailsTo('dee@example.com')).toEqual([]); // not in the segment
    const stats = (await marketing.campaign(id)).stats;
    expect(stats).toMatchObject({ recipients: 2, skipped: 1, sent: 2, failed: 0, unsubscribed: 0 });
    // A sent campaign can no longer be cancelled, scheduled again or edited; a stale segment save is refused.
    await expect(marketing.cancel(id)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(marketing.schedule({ id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await marketing.campaign(id)).state).toBe('sent');
    await expect(
      marketing.saveSegment({
        id: segmentId,
        name: 'Stale',
        match: 'all',
        rules: [{ field: 'tag', op: 'has', value: 'VIP' }],
        version: 99,
      }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });

    const [ana] = await emailsTo('ana@example.com');
    expect(ana!.subject).toBe('Spring for Ana');
    expect(ana!.body.html).toContain('<h1>Hello Ana</h1>');
    const link = unsubscribeLink(ana!.body.text!);
    expect(link.startsWith(`${t.url}/api/marketing/unsubscribe/u1.`)).toBe(true);
    expect(ana!.body.html).toContain(`href="${link}"`);
    // RFC 8058 one-click headers, on the raw message SES accepted.
    const [row] = await t.sql<{ id: string }>(`SELECT id FROM messages WHERE recipient = 'ana@example.com' AND idempotency_key LIKE $1`, [
      `campaign:${id}:%`,
    ]);
    const [event] = await ses.sendEvents(`message_id:${row!.id}`);
    expect(event!.mail.headers).toEqual(
      expect.arrayContaining([
        { name: 'List-Unsubscribe', value: `<${link}>` },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ]),
    );

    // A job that died after a batch resumes after the last client it read (here c-ana); once the
    // campaign is sent the saved place is gone, so a later run reads the whole book again.
    const linked = () =>
      t.sql<{ client_id: string; linked: boolean }>(
        `SELECT client_id, message_id IS NOT NULL AS linked FROM marketing_recipients WHERE campaign_id = $1 AND state = 'queued' ORDER BY client_id`,
        [id],
      );
    await t.sql(`UPDATE marketing_campaigns SET state = 'sending', progress_after = 'c-ana' WHERE id = $1`, [id]);
    await t.sql(`UPDATE marketing_recipients SET message_id = NULL WHERE campaign_id = $1`, [id]);
    expect(await run.run(id)).toEqual({ kind: 'sent', queued: 0, skipped: 0 });
    expect(await linked()).toEqual([
      { client_id: 'c-ana', linked: false },
      { client_id: 'c-bea', linked: true },
    ]);
    expect(await t.sql(`SELECT progress_after FROM marketing_campaigns WHERE id = $1`, [id])).toEqual([{ progress_after: null }]);
    await t.sql(`UPDATE marketing_campaigns SET state = 'sending' WHERE id = $1`, [id]);
    await run.run(id);
    expect(await linked()).toEqual([
      { client_id: 'c-ana', linked: true },
      { client_id: 'c-bea', linked: true },
    ]);
    expect((await emailsTo('ana@example.com')).length).toBe(1);
    expect((await emailsTo('bea@example.com')).length).toBe(1);
  });

  it('the unsubscribe link works without a session; the client gets nothing afterwards', async () => {
    const [first] = await emailsTo('ana@example.com');
    const path = new URL(unsubscribeLink(first!.body.text!)).pathname;
    // Opening the page (a link scanner does) changes nothing.
    const page = await request(t.url).get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    expect(await t.sql(`SELECT 1 FROM marketing_unsubscribes`)).toEqual([]);
    // The mail client's one-click POST, twice: recorded once, one event for the clients service.
    for (let i = 0; i < 2; i++) {
      const res = await request(t.url).post(path).type('form').send('List-Unsubscribe=One-Click');
      expect(res.status).toBe(200);
      expect(res.text).toContain('You are unsubscribed');
    }
    expect(await t.sql(`SELECT client_id, channel FROM marketing_unsubscribes`)).toEqual([{ client_id: 'c-ana', channel: 'email' }]);
    const events = await t.sql<{ envelope: { payload: { clientId: string; channel: string } } }>(
      `SELECT envelope FROM outbox WHERE type = 'messaging.marketing.unsubscribed.v1'`,
    );
    expect(events.map((e) => e.envelope.payload)).toEqual([expect.objectContaining({ clientId: 'c-ana', channel: 'email' })]);

    const id = await sendCampaign('Summer');
    expect((await emailsTo('ana@example.com')).length).toBe(1);
    await waitFor(async () => (await emailsTo('bea@example.com')).length === 2, 'the second campaign reached Bea');
    const skipped = await t.sql<{ client_id: string; reason: string }>(
      `SELECT client_id, reason FROM marketing_recipients WHERE campaign_id = $1 AND state = 'skipped' ORDER BY client_id`,
      [id],
    );
    expect(skipped).toEqual([
      { client_id: 'c-ana', reason: 'the client unsubscribed' },
      { client_id: 'c-cy', reason: expect.stringContaining('has not consented') },
    ]);
  });

  it('a forged or altered unsubscribe token is refused and records nothing', async () => {
    const [bea] = await emailsTo('bea@example.com');
    const token = new URL(unsubscribeLink(bea!.body.text!)).pathname.split('/').pop()!;
    const [v, , mac] = token.split('.');
    const [campaignId] = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as string[];
    // Bea's MAC on a payload naming Dee; a token signed with another secret; a truncated one.
    const forged = [
      `${v}.${Buffer.from(JSON.stringify([campaignId, 'c-dee', 'email'])).toString('base64url')}.${mac}`,
      `${token.slice(0, -4)}AAAA`,
      token.split('.').slice(0, 2).join('.'),
    ];
    for (const f of forged) {
      const res = await request(t.url).post(`/api/marketing/unsubscribe/${f}`).type('form').send('List-Unsubscribe=One-Click');
      expect(res.status).toBe(404);
      expect(res.text).toContain('This link is not valid');
    }
    expect(await t.sql(`SELECT client_id FROM marketing_unsubscribes ORDER BY client_id`)).toEqual([{ client_id: 'c-ana' }]);
  });

  it('counts opens and clicks once per recipient through the signed pixel and tracked links', async () => {
    const id = await sendCampaign(
      'Autumn',
      '<body><p>Hi {{firstName}}</p><a href="https://salon.example/book?from=mail&amp;x=1">Book now</a> <a href="mailto:desk@salon.example">Write</a></body>',
    );
    await waitFor(async () => (await emailsTo('bea@example.com')).some((e) => e.subject === 'Autumn for Bea'), 'Autumn reached Bea');
    const bea = (await emailsTo('bea@example.com')).find((e) => e.subject === 'Autumn for Bea')!;
    const html = bea.body.html!;
    const click = /href="([^"]*\/api\/marketing\/track\/click\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const open = /<img src="([^"]*\/api\/marketing\/track\/open\/[^"]+)"/.exec(html)![1]!;
    expect(html).toContain('href="mailto:desk@salon.example"'); // not tracked
    expect(html).not.toContain('href="https://salon.example/book'); // the real address only behind the redirect
    expect(bea.body.text).toContain('Book now (https://salon.example/book?from=mail&x=1)');
    expect((await marketing.campaign(id)).stats).toMatchObject({ opened: 0, clicked: 0 });

    // The pixel, loaded twice (a mail client reopening it): one open, and always the image.
    for (let i = 0; i < 2; i++) {
      const res = await request(t.url).get(new URL(open).pathname);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
    }
    expect((await marketing.campaign(id)).stats).toMatchObject({ opened: 1, clicked: 0 });
    // The link, clicked three times: redirected each time to the address in the e-mail, one click.
    for (let i = 0; i < 3; i++) {
      const res = await request(t.url).get(new URL(click).pathname).redirects(0);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('https://salon.example/book?from=mail&x=1');
    }
    expect((await marketing.campaign(id)).stats).toMatchObject({ recipients: 1, opened: 1, clicked: 1 });

    // A click token for another client, or one whose destination was changed, goes nowhere and counts nothing.
    const token = new URL(click).pathname.split('/').pop()!;
    const [v, payload, mac] = token.split('.') as [string, string, string];
    const fields = JSON.parse(Buffer.from(payload, 'base64url').toString()) as string[];
    for (const changed of [
      ['c', fields[1]!, 'c-dee', fields[3]!],
      ['c', fields[1]!, fields[2]!, 'https://evil.example/'],
    ]) {
      const forged = `${v}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${mac}`;
      const res = await request(t.url).get(`/api/marketing/track/click/${forged}`).redirects(0);
      expect(res.status).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
    expect(await t.sql(`SELECT client_id, kind, first_url FROM marketing_engagements WHERE campaign_id = $1 ORDER BY kind`, [id])).toEqual([
      { client_id: 'c-bea', kind: 'click', first_url: 'https://salon.example/book?from=mail&x=1' },
      { client_id: 'c-bea', kind: 'open', first_url: null },
    ]);
  });

  it('a saved MJML template, rendered in the salon look, goes out as the campaign e-mail with its tracked button', async () => {
    const templates = t.app.get(EmailTemplatesUseCase);
    // MJML that does not render is refused, naming the line.
    await expect(
      templates.save({ name: 'Broken', mjml: '<mj-section>\n<mj-text>Hi</mj-text>\n</mj-section>', version: 0 }),
    ).rejects.toMatchObject({
      details: [{ field: 'mjml', message: expect.stringMatching(/^line \d+: mj-text cannot be used inside mj-section/) }],
    });
    const saved = await templates.save({
      name: 'Spring colour',
      mjml: '<mj-section><mj-column><mj-text>Hello {{firstName}}</mj-text><mj-button href="https://salon.example/colour">Book colour</mj-button></mj-column></mj-section>',
      version: 0,
    });
    expect((await templates.list()).map((x) => [x.name, x.version])).toEqual([['Spring colour', 1]]);
    await expect(templates.save({ id: saved.id, mjml: saved.mjml, name: 'Renamed', version: 0 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });

    const brand = { businessName: 'Maple Street Salon', primaryColor: '#0f766e', backgroundColor: '#f0fdfa', logoUrl: null };
    const rendered = await templates.render(saved.mjml, brand);
    expect(rendered.errors).toEqual([]);
    await sendCampaign('Colour week', rendered.html!);
    await waitFor(
      async () => (await emailsTo('bea@example.com')).some((e) => e.subject === 'Colour week for Bea'),
      'Colour week reached Bea',
    );
    const html = (await emailsTo('bea@example.com')).find((e) => e.subject === 'Colour week for Bea')!.body.html!;
    expect(html).toContain('Hello Bea');
    expect(html).toMatch(/#0f766e/i);
    expect(html).toMatch(/#f0fdfa/i);
    expect(html).toMatch(/href="[^"]*\/api\/marketing\/track\/click\/t1\.[^"]+"[^>]*>[\s\S]*?Book colour/);
  });

  it('counts the bookings its recipients made within 7 days of their message, and its bounces', async () => {
    const id = await sendCampaign('Autumn');
    // Whoever the earlier tests left reachable (unsubscribes, caps): the campaign's queued recipients.
    const queued = await t.sql<{ clientId: string; at: Date }>(
      `SELECT client_id AS "clientId", created_at AS at FROM marketing_recipients WHERE campaign_id = $1 AND state = 'queued' ORDER BY client_id`,
      [id],
    );
    expect(queued.length).toBeGreaterThan(0);
    const { clientId, at } = queued[0]!;
    const day = 86_400_000;
    const booking = (appointmentId: string, client: string, afterMs: number) =>
      t.sql(
        `INSERT INTO automation_appointments (appointment_id, client_id, starts_at, status, booked_at) VALUES ($1, $2, $3, 'booked', $4)`,
        [appointmentId, client, new Date(at.getTime() + 30 * day), new Date(at.getTime() + afterMs)],
      );
    await booking('autumn-1', clientId, 2 * day); // a recipient, two days later: counts
    await booking('autumn-2', clientId, 8 * day); // eight days later: too late
    await booking('autumn-3', clientId, -day); // before the message
    await booking('autumn-4', 'c-dee', day); // not a recipient
    // The bounce report comes after the provider took it: wait for that, so the worker does not write over it.
    await waitFor(async () => {
      const [m] = await t.sql<{ status: string }>(
        `SELECT m.status FROM messages m JOIN marketing_recipients r ON r.message_id = m.id WHERE r.campaign_id = $1 AND r.client_id = $2`,
        [id, clientId],
      );
      return m && ['sent', 'delivered'].includes(m.status);
    }, 'the message taken by the provider');
    await t.sql(
      `UPDATE messages SET status = 'failed', last_error = 'Bounced (Permanent/General)'
        WHERE id = (SELECT message_id FROM marketing_recipients WHERE campaign_id = $1 AND client_id = $2)`,
      [id, clientId],
    );
    expect((await marketing.campaign(id)).stats).toMatchObject({ recipients: queued.length, booked: 1, bounced: 1 });
  });
});
