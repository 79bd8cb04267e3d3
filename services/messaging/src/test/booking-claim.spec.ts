import { EVENT_TRANSPORT, type EventTransport } from '@salon/nest-kit';
import { sealSecret } from '@salon/tokens';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendBookingClaimUseCase } from '../modules/booking-claims/use-cases/send-booking-claim.use-case.js';
import type { MessagingTestApp } from './messaging-app.js';
import { consent, envelopeOf, startSenderStage, type SenderStage } from './sender-stage.js';

/**
 * scheduling.booking-claim.requested.v1 → the "was this booking yours?" link, to the client on
 * file (their phone with SMS consent, else their e-mail), through the real consumer, queue and
 * worker, the Twilio peer and the local SES server; a small HTTP server stands in for clients and identity.
 */

const BUSINESS = 'Maple Street Salon';
const LOCATIONS = [{ id: 'loc-chicago', name: 'Chicago', timeZone: 'America/Chicago', isActive: true, isDefault: true }];
const CLIENTS: Record<string, object> = {
  'c-paula': {
    id: 'c-paula',
    firstName: 'Paula',
    phone: '+13125550430',
    email: 'paula@example.com',
    smsConsent: consent(true),
    emailConsent: consent(false),
  },
  'c-omar': {
    id: 'c-omar',
    firstName: 'Omar',
    phone: '+13125550440',
    email: 'omar@example.com',
    smsConsent: consent(false),
    emailConsent: consent(false),
  },
};

let stage: SenderStage;
let t: MessagingTestApp;

const finished = (key: string) => stage.finished(key);

const newToken = () => randomBytes(24).toString('base64url');
function requested(clientId: string, token: string) {
  return {
    claimId: randomUUID(),
    appointmentId: randomUUID(),
    clientId,
    serviceName: 'Haircut',
    startsAt: '2099-01-15T20:30:00.000Z',
    expiresAt: '2099-01-14T18:00:00.000Z',
    token: sealSecret(token, t.config.EVENT_SECRET_KEY),
  };
}
function envelope(payload: ReturnType<typeof requested>) {
  return envelopeOf({
    type: 'scheduling.booking-claim.requested.v1',
    aggregateType: 'booking-claim',
    aggregateId: payload.claimId,
    locationId: 'loc-chicago',
    actor: { type: 'client', id: null },
    payload,
  });
}

beforeAll(async () => {
  stage = await startSenderStage('booking_claim', { business: BUSINESS, locations: LOCATIONS, clients: CLIENTS });
  t = stage.t;
});
afterAll(() => stage?.close());

describe('booking claim links', () => {
  it('texts the client on file the link once; the link does not stay in the log; a redelivered event sends nothing more', async () => {
    const token = newToken();
    const event = envelope(requested('c-paula', token));
    const bus = t.worker!.get<EventTransport>(EVENT_TRANSPORT);
    await bus.publish([event]);
    const sent = await finished(`booking-claim:${event.payload.claimId}`);
    expect(sent).toMatchObject({ channel: 'sms', recipient: '+13125550430', purpose: 'booking-claim', body_text: '[redacted]' });
    const texts = () => stage.peer.messages().filter((m) => m.to === '+13125550430');
    expect(texts()).toHaveLength(1);
    expect(texts()[0]!.body).toContain(`${t.url}/booking?confirm=${token}`);
    expect(texts()[0]!.body).toMatch(/^Maple Street Salon: Hi Paula, Haircut on Jan 15, 2099 at 2:30 PM was booked online/);
    await bus.publish([event]);
    await t.worker!.get(SendBookingClaimUseCase).execute(event.payload, event.locationId);
    expect(texts()).toHaveLength(1);
  });

  it('e-mails a client without SMS consent at their own address; a lapsed link is not sent', async () => {
    const token = newToken();
    const payload = requested('c-omar', token);
    const useCase = t.worker!.get(SendBookingClaimUseCase);
    expect(await useCase.execute(payload, 'loc-chicago')).toMatchObject({ channel: 'email', recipient: 'omar@example.com' });
    await finished(`booking-claim:${payload.claimId}`);
    const [email] = (await stage.ses.emails()).filter((e) => e.destination.to.includes('omar@example.com'));
    expect(email!.subject).toBe(`${BUSINESS}: was this booking yours?`);
    expect(email!.body.html).toContain(`href="${t.url}/booking?confirm=${token}"`);
    expect(stage.peer.messages().filter((m) => m.to === '+13125550440')).toHaveLength(0);
    const lapsed = { ...requested('c-paula', newToken()), expiresAt: new Date(Date.now() - 1000).toISOString() };
    await expect(useCase.execute(lapsed, 'loc-chicago')).resolves.toBeNull();
  });
});
