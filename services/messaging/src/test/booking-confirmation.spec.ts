import type { EventEnvelope } from '@salon/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendBookingConfirmationUseCase } from '../modules/booking-confirmations/use-cases/send-booking-confirmation.use-case.js';
import { startFakePlatform, type FakePlatform } from './fake-platform.js';
import { startLocalSes, startTwilioPeer, type LocalSes, type TwilioPeer } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';

/** scheduling.appointment.booked.v1 from online booking → the client's confirmation, through the real consumer, queue, worker and peers. */

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
let useCase: SendBookingConfirmationUseCase;

const booked = (clientId: string, source: 'online' | 'staff' = 'online') => ({
  appointmentId: randomUUID(),
  clientId,
  serviceId: 'svc-1',
  serviceName: 'Haircut',
  staffId: 'staff-1',
  startsAt: '2099-01-15T20:30:00.000Z',
  endsAt: '2099-01-15T21:15:00.000Z',
  priceMinor: 5500,
  currency: 'USD',
  source,
});
/** A signed-in client's booking names them in the actor; an online visitor is a client without an id. */
const envelope = (payload: ReturnType<typeof booked>, clientUserId: string | null = null): EventEnvelope => ({
  id: randomUUID(),
  type: 'scheduling.appointment.booked.v1',
  occurredAt: new Date().toISOString(),
  aggregateType: 'appointment',
  aggregateId: payload.appointmentId,
  locationId: 'loc-chicago',
  actor: { type: 'client', id: clientUserId },
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
  t = await startMessaging('confirmations', {
    EMAIL_PROVIDER: 'ses',
    SES_ENDPOINT: ses.url,
    SMS_PROVIDER: 'twilio',
    TWILIO_API_URL: peer.url,
    CLIENTS_URL: platform.url,
    IDENTITY_URL: platform.url,
  });
  useCase = t.worker!.get(SendBookingConfirmationUseCase);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([ses?.stop(), peer?.stop(), platform?.stop()]);
});

describe('online booking confirmations', () => {
  it('texts the client who booked online signed in, with the stylist, the local time and the booking page, once', async () => {
    const first = envelope(booked('c-sms'), randomUUID());
    const bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
    await bus.publish([first]);
    const sent = await finished(`booking-confirmation:${first.payload.appointmentId}`);
    expect(sent).toMatchObject({ status: 'sent', channel: 'sms', recipient: '+13125550111' });
    const texts = () => peer.messages().filter((m) => m.to === '+13125550111');
    expect(texts().map((m) => m.body)).toEqual([
      `Maple Street Salon: Hi Ana, you're booked for Haircut with Dana Lee on Jan 15, 2099 at 2:30 PM. See or change it: ${t.url}/booking`,
    ]);
    await bus.publish([first]);
    expect((await useCase.execute(first.payload, 'loc-chicago', true))?.id).toBe(sent.id);
    expect(texts()).toHaveLength(1);
    // A visitor without an account gets the location's phone instead of a page that cannot show them the booking.
    const visitor = envelope(booked('c-sms'));
    await bus.publish([visitor]);
    await finished(`booking-confirmation:${visitor.payload.appointmentId}`);
    expect(texts().at(-1)!.body).toBe(
      "Maple Street Salon: Hi Ana, you're booked for Haircut with Dana Lee on Jan 15, 2099 at 2:30 PM. To change or cancel, call us at (312) 555-0100.",
    );
  });

  it('e-mails a client without a phone', async () => {
    const payload = booked('c-email');
    await useCase.execute(payload, 'loc-chicago');
    await finished(`booking-confirmation:${payload.appointmentId}`);
    const emails = (await ses.emails()).filter((e) => e.destination.to.includes('bea.booked@example.com'));
    expect(emails.map((e) => e.subject)).toEqual([
      "Maple Street Salon: you're booked for Haircut with Dana Lee on Jan 15, 2099 at 2:30 PM",
    ]);
  });

  it('leaves desk bookings, past times and deleted clients alone', async () => {
    const desk = booked('c-sms', 'staff');
    const past = { ...booked('c-sms'), startsAt: new Date(Date.now() - 60_000).toISOString() };
    const gone = booked('c-deleted');
    for (const p of [desk, past, gone]) await expect(useCase.execute(p, 'loc-chicago')).resolves.toBeNull();
    expect(
      await t.sql('SELECT id FROM messages WHERE idempotency_key = ANY($1)', [
        [desk, past, gone].map((p) => `booking-confirmation:${p.appointmentId}`),
      ]),
    ).toHaveLength(0);
  });

  it('sends nothing for history (the demo seed’s appointments): no confirmation, no automation', async () => {
    const bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
    const seeded: EventEnvelope = { ...envelope(booked('c-sms'), randomUUID()), history: true };
    // A live booking on the same partition after it: once its confirmation is out, the seeded one was delivered.
    const live = { ...envelope(booked('c-sms'), randomUUID()), aggregateId: seeded.aggregateId };
    await bus.publish([seeded, live]);
    await finished(`booking-confirmation:${live.payload.appointmentId}`);
    const id = (seeded.payload as { appointmentId: string }).appointmentId;
    expect(await t.sql('SELECT id FROM messages WHERE idempotency_key LIKE $1', [`%${id}%`])).toHaveLength(0);
    expect(await t.sql('SELECT 1 FROM automation_appointments WHERE appointment_id::text = $1', [id])).toHaveLength(0);
    expect(await t.sql('SELECT 1 FROM inbox WHERE event_id = $1', [seeded.id])).toHaveLength(0);
  });
});
