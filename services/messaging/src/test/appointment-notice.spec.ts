import type { EventEnvelope } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendAppointmentNoticeUseCase } from '../modules/appointment-notices/use-cases/send-appointment-notice.use-case.js';
import { startFakePlatform, type FakePlatform } from './fake-platform.js';
import { startLocalSes, startTwilioPeer, type LocalSes, type TwilioPeer } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';

/** scheduling.appointment.client-notice-requested.v1 (the desk's "Notify client" after a move) → a text or an e-mail as consent allows, through the real consumer, queue, worker and peers. */

const consent = (granted: boolean) => ({ granted, changedAt: null, method: null, changedBy: null });
const DATA = {
  business: 'Maple Street Salon',
  locations: [
    { id: 'loc-chicago', name: 'Chicago', timeZone: 'America/Chicago', isActive: true, isDefault: true, phone: '(312) 555-0100' },
  ],
  clients: {
    'c-sms': {
      id: 'c-sms',
      firstName: 'Ana',
      phone: '+13125550111',
      email: 'ana@example.com',
      smsConsent: consent(true),
      emailConsent: consent(false),
    },
    'c-no-consent': {
      id: 'c-no-consent',
      firstName: 'Cy',
      phone: '+13125550113',
      email: null,
      smsConsent: consent(false),
      emailConsent: consent(false),
    },
    'c-email': {
      id: 'c-email',
      firstName: 'Bea',
      phone: null,
      email: 'bea.booked@example.com',
      smsConsent: consent(false),
      emailConsent: consent(false),
    },
  } as Record<string, object>,
  users: { 'staff-1': { id: 'staff-1', firstName: 'Dana', lastName: 'Lee', username: 'dana' } } as Record<string, object>,
};

let t: MessagingTestApp;
let ses: LocalSes;
let peer: TwilioPeer;
let platform: FakePlatform;
let useCase: SendAppointmentNoticeUseCase;

const notice = (clientId: string, version = 2) => ({
  appointmentId: randomUUID(),
  clientId,
  serviceName: 'Haircut',
  staffId: 'staff-1',
  startsAt: '2099-01-15T20:30:00.000Z',
  endsAt: '2099-01-15T21:15:00.000Z',
  version,
});
const envelope = (payload: ReturnType<typeof notice>): EventEnvelope => ({
  id: randomUUID(),
  type: 'scheduling.appointment.client-notice-requested.v1',
  occurredAt: new Date().toISOString(),
  aggregateType: 'appointment',
  aggregateId: payload.appointmentId,
  locationId: 'loc-chicago',
  actor: { type: 'user', id: randomUUID() },
  traceparent: null,
  payload,
});
const finished = (key: string) =>
  waitFor(async () => {
    const [r] = await t.sql<{ id: string; status: string; channel: string; recipient: string }>(
      'SELECT * FROM messages WHERE idempotency_key = $1',
      [key],
    );
    return r && ['sent', 'delivered', 'failed', 'suppressed'].includes(r.status) ? r : null;
  }, `message ${key} to finish`);

beforeAll(async () => {
  [ses, peer, platform] = await Promise.all([
    startLocalSes({ port: 0 }),
    startTwilioPeer({ port: 0, authToken: 'test-twilio-auth-token' }),
    startFakePlatform(DATA),
  ]);
  t = await startMessaging('notices', {
    EMAIL_PROVIDER: 'ses',
    SES_ENDPOINT: ses.url,
    SMS_PROVIDER: 'twilio',
    TWILIO_API_URL: peer.url,
    CLIENTS_URL: platform.url,
    IDENTITY_URL: platform.url,
  });
  useCase = t.worker!.get(SendAppointmentNoticeUseCase);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([ses?.stop(), peer?.stop(), platform?.stop()]);
});

describe('notifying a client of a moved appointment', () => {
  it('texts a client with SMS consent the new time, once per version of the appointment', async () => {
    const first = envelope(notice('c-sms'));
    const bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
    await bus.publish([first]);
    const sent = await finished(`appointment-notice:${first.payload.appointmentId}:2`);
    expect(sent).toMatchObject({ status: 'sent', channel: 'sms', recipient: '+13125550111' });
    const texts = () => peer.messages().filter((m) => m.to === '+13125550111');
    expect(texts().map((m) => m.body)).toEqual([
      "Maple Street Salon: Hi Ana, your appointment has changed: Haircut with Dana Lee is now on Jan 15, 2099 at 2:30 PM. If that doesn't suit you, call us at (312) 555-0100.",
    ]);
    // Asked again for the same version (a double click, a redelivery): the same message, nothing more sent.
    await bus.publish([envelope(first.payload as ReturnType<typeof notice>)]);
    expect((await useCase.execute(first.payload, 'loc-chicago'))?.id).toBe(sent.id);
    expect(texts()).toHaveLength(1);
  });

  it('e-mails a client without SMS consent; a client who can be reached neither way, or a past time, gets nothing', async () => {
    const mail = notice('c-email');
    await useCase.execute(mail, 'loc-chicago');
    await finished(`appointment-notice:${mail.appointmentId}:2`);
    const emails = (await ses.emails()).filter((e) => e.destination.to.includes('bea.booked@example.com'));
    expect(emails.map((e) => e.subject)).toEqual(['Maple Street Salon: your appointment is now on Jan 15, 2099 at 2:30 PM']);
    const unreachable = notice('c-no-consent');
    const past = { ...notice('c-sms'), startsAt: new Date(Date.now() - 60_000).toISOString() };
    for (const p of [unreachable, past]) await expect(useCase.execute(p, 'loc-chicago')).resolves.toBeNull();
    expect(peer.messages().filter((m) => m.to === '+13125550113')).toHaveLength(0);
  });
});
