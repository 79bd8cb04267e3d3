import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { sealSecret } from '@salon/tokens';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryQueues } from '../modules/delivery/jobs/delivery-queues.js';
import { SendFormLinkUseCase } from '../modules/form-links/use-cases/send-form-link.use-case.js';
import type { MessagingTestApp } from './messaging-app.js';
import { consent, envelopeOf, startSenderStage, type SenderStage } from './sender-stage.js';

/**
 * documents.form-link.requested.v1 → the client's "fill your forms" link, through the real
 * consumer, queue and worker, the Twilio peer and the local SES server (a small HTTP server stands
 * in for clients and identity): SMS with consent, else e-mail; one message per send however often
 * the event comes; a text asked for in quiet hours waits for the morning.
 */

const BUSINESS = 'Maple Street Salon';
const LOCATIONS = [
  // The send-now location has no quiet hours (start = end), so these tests do not depend on the time they run at.
  { id: 'loc-open', name: 'Chicago', timeZone: 'America/Chicago', isActive: true, isDefault: true },
  { id: 'loc-quiet', name: 'Evanston', timeZone: 'America/Chicago', isActive: true, isDefault: false },
];
const CLIENTS: Record<string, object> = {
  'c-paula': {
    id: 'c-paula',
    firstName: 'Paula',
    phone: '+13125550530',
    email: 'paula@example.com',
    smsConsent: consent(true),
    emailConsent: consent(false),
  },
  'c-omar': {
    id: 'c-omar',
    firstName: 'Omar',
    phone: '+13125550540',
    email: 'omar@example.com',
    smsConsent: consent(false),
    emailConsent: consent(false),
  },
  'c-quinn': {
    id: 'c-quinn',
    firstName: 'Quinn',
    phone: '+13125550550',
    email: null,
    smsConsent: consent(true),
    emailConsent: consent(false),
  },
};

let stage: SenderStage;
let t: MessagingTestApp;
const finished = (key: string) => stage.finished(key);

const newToken = () => randomBytes(24).toString('base64url');
function requested(clientId: string, token: string, o: { sendId?: string; formNames?: string[] } = {}) {
  const appointmentId = randomUUID();
  return {
    sendId: o.sendId ?? appointmentId,
    reason: 'booked' as const,
    clientId,
    appointmentId,
    formId: '1001',
    formNames: o.formNames ?? ['Colour consent'],
    startsAt: '2099-01-15T20:30:00.000Z',
    expiresAt: '2099-01-16T20:30:00.000Z',
    token: sealSecret(token, t.config.EVENT_SECRET_KEY),
  };
}
function envelope(payload: ReturnType<typeof requested>, locationId = 'loc-open') {
  return envelopeOf({
    type: 'documents.form-link.requested.v1',
    aggregateType: 'form-link',
    aggregateId: payload.sendId,
    locationId,
    actor: { type: 'system', id: null },
    payload,
  });
}

beforeAll(async () => {
  stage = await startSenderStage('form_link', { business: BUSINESS, locations: LOCATIONS, clients: CLIENTS });
  t = stage.t;
  await t.sql(
    `INSERT INTO automation_settings (location_id, quiet_start, quiet_end, max_per_client_per_day) VALUES ('loc-open', '00:00', '00:00', 3)`,
  );
});
afterAll(async () => stage?.close());

describe('form links', () => {
  it('texts the client the link once per appointment, however often the event comes; the link does not stay in the log', async () => {
    const token = newToken();
    const payload = requested('c-paula', token, { formNames: ['Intake', 'Colour consent'] });
    const bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
    // The same event twice (a redelivery) and a second event for the same appointment.
    await bus.publish([envelope(payload)]);
    await bus.publish([envelope(payload)]);
    const sent = await finished(`form-link:${payload.sendId}`);
    expect(sent).toMatchObject({ channel: 'sms', recipient: '+13125550530', purpose: 'form-link', body_text: '[redacted]' });
    await t.worker!.get(SendFormLinkUseCase).execute(payload, 'loc-open');
    const texts = () => stage.peer.messages().filter((m) => m.to === '+13125550530');
    expect(texts()).toHaveLength(1);
    expect(texts()[0]!.body).toBe(
      `${BUSINESS}: Hi Paula, before your visit on Jan 15, 2099 at 2:30 PM, please fill in the forms Intake and Colour consent: ` +
        `${t.url}/forms/1001?r=${token} The link works until 2:30 PM on Jan 16, 2099.`,
    );
    expect(await stage.rowsFor(`form-link:${payload.sendId}`)).toHaveLength(1);
  });

  it('e-mails a client without SMS consent; a lapsed link is not sent', async () => {
    const token = newToken();
    const payload = requested('c-omar', token);
    const useCase = t.worker!.get(SendFormLinkUseCase);
    expect(await useCase.execute(payload, 'loc-open')).toMatchObject({ channel: 'email', recipient: 'omar@example.com' });
    await finished(`form-link:${payload.sendId}`);
    const [email] = (await stage.ses.emails()).filter((e) => e.destination.to.includes('omar@example.com'));
    expect(email!.subject).toBe(`${BUSINESS}: a form to fill before your visit`);
    expect(email!.body.html).toContain(`href="${t.url}/forms/1001?r=${token}"`);
    expect(stage.peer.messages().filter((m) => m.to === '+13125550540')).toHaveLength(0);
    const lapsed = { ...requested('c-paula', newToken()), expiresAt: '2099-01-01T00:00:00.000Z' };
    await expect(useCase.execute(lapsed, 'loc-open', new Date('2099-01-02T00:00:00Z'))).resolves.toBeNull();
  });

  it("holds a text asked for in the location's quiet hours until they end (21:00-08:00 by default)", async () => {
    const payload = { ...requested('c-quinn', newToken()), expiresAt: '2099-01-20T00:00:00.000Z' };
    // 23:00 in Chicago (UTC-6 in January): the job waits until 08:00 there, 9 hours on.
    const now = new Date('2099-01-10T05:00:00Z');
    const message = (await t.worker!.get(SendFormLinkUseCase).execute(payload, 'loc-quiet', now))!;
    expect(message).toMatchObject({ channel: 'sms', status: 'queued' });
    const job = (await t.worker!.get(DeliveryQueues).queue('sms').getJob(message.id))!;
    expect(await job.isDelayed()).toBe(true);
    expect(job.opts.delay).toBe(9 * 3600_000);
    await job.remove();
    expect(stage.peer.messages().filter((m) => m.to === '+13125550550')).toHaveLength(0);
  });
});
