import type { EventEnvelope } from '@salon/contracts';
import { randomUUID } from 'node:crypto';
import { startFakePlatform, type FakePlatform, type FakePlatformData } from './fake-platform.js';
import { startLocalSes, startTwilioPeer, type LocalSes, type TwilioPeer } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';

/**
 * The stage of the specs for messages that carry a link to one client (waitlist offers, booking
 * claims, card confirmations): messaging with its real consumers, queue and worker, the Twilio peer,
 * the local SES server, and small HTTP servers standing in for clients and identity.
 */
export interface SenderStage {
  t: MessagingTestApp;
  ses: LocalSes;
  peer: TwilioPeer;
  /** Replaceable: a spec may stop it to see a send wait for the clients service, then start another. */
  clients: FakePlatform;
  identity: FakePlatform;
  /** The message with this idempotency key once its delivery has finished, one way or the other. */
  finished(key: string): Promise<SentRow>;
  rowsFor(key: string): Promise<SentRow[]>;
  close(): Promise<void>;
}

export type SentRow = { id: string; status: string; channel: string; recipient: string; purpose: string; body_text: string };

export const consent = (granted: boolean) => ({ granted, changedAt: null, method: null, changedBy: null });

const FINISHED = ['sent', 'delivered', 'failed', 'suppressed'];

export async function startSenderStage(database: string, data: FakePlatformData): Promise<SenderStage> {
  const [ses, peer, clients, identity] = await Promise.all([
    startLocalSes({ port: 0 }),
    startTwilioPeer({ port: 0, authToken: 'test-twilio-auth-token' }),
    startFakePlatform(data),
    startFakePlatform(data),
  ]);
  const t = await startMessaging(database, {
    EMAIL_PROVIDER: 'ses',
    SES_ENDPOINT: ses.url,
    SMS_PROVIDER: 'twilio',
    TWILIO_API_URL: peer.url,
    CLIENTS_URL: clients.url,
    IDENTITY_URL: identity.url,
  });
  const rowsFor = (key: string) => t.sql<SentRow>('SELECT * FROM messages WHERE idempotency_key = $1', [key]);
  const stage: SenderStage = {
    t,
    ses,
    peer,
    clients,
    identity,
    rowsFor,
    finished: (key) =>
      waitFor(async () => {
        const [r] = await rowsFor(key);
        return r && FINISHED.includes(r.status) ? r : null;
      }, `message ${key} to finish`),
    async close() {
      await t.close();
      await Promise.all([ses.stop(), peer.stop(), stage.clients.stop(), identity.stop()]);
    },
  };
  return stage;
}

/** An envelope as the outbox relay would deliver it, new and just now. */
export function envelopeOf(
  e: Pick<EventEnvelope, 'type' | 'aggregateType' | 'aggregateId' | 'locationId' | 'actor' | 'payload'>,
): EventEnvelope {
  return { id: randomUUID(), occurredAt: new Date().toISOString(), traceparent: null, ...e };
}
