import { describe, expect, it } from 'vitest';
import type { SmsConsentUseCase } from '../../consent/use-cases/sms-consent.use-case.js';
import type { QueueMessageInput } from '../domain/message-input.js';
import type { MessageEntity } from '../persistence/message.entity.js';
import { UpstreamUnavailableError, type ClientContact, type PlatformLookup } from '../persistence/platform-lookup.provider.js';
import type { QueueMessageUseCase } from './queue-message.use-case.js';
import { SendClientMessageUseCase, type ClientMessageRequest } from './send-client-message.use-case.js';

/**
 * The one "reach this client by SMS or e-mail" sequence, with the clients service, the STOP list
 * and the queue stood in for. The channel rule itself is client-message-rules.spec.ts; the real
 * pipeline behind it is waitlist-offer.spec.ts and booking-confirmation.spec.ts.
 */

const ANA: ClientContact = { firstName: 'Ana', phone: '+13125550101', email: 'ana@example.com', smsConsent: true, emailConsent: true };

function setUp(client: ClientContact | null | Error, optedOut: string[] = []) {
  const calls = { lookups: [] as string[], stopChecks: [] as string[], composed: [] as ClientContact[], queued: [] as QueueMessageInput[] };
  const platform = {
    clientContact: async (id: string) => {
      calls.lookups.push(id);
      if (client instanceof Error) throw client;
      return client;
    },
  } as unknown as PlatformLookup;
  const smsConsent = {
    isOptedOut: async (phone: string) => {
      calls.stopChecks.push(phone);
      return optedOut.includes(phone);
    },
  } as unknown as SmsConsentUseCase;
  const queue = {
    queue: async (input: QueueMessageInput) => {
      calls.queued.push(input);
      return { id: 'm-1', channel: input.channel } as unknown as MessageEntity;
    },
  } as unknown as QueueMessageUseCase;
  const request: ClientMessageRequest = {
    clientId: 'c-1',
    about: 'offer o-1',
    idempotencyKey: 'waitlist-offer:o-1',
    purpose: 'waitlist-offer',
    sensitive: true,
    compose: async (c) => {
      calls.composed.push(c);
      return {
        sms: () => `Hi ${c.firstName}, by text`,
        email: () => ({ subject: 'By e-mail', text: `Hi ${c.firstName}`, html: '<p>Hi</p>' }),
      };
    },
  };
  return { useCase: new SendClientMessageUseCase(platform, smsConsent, queue), calls, request };
}

describe('reaching a client by SMS or e-mail', () => {
  it('texts a client with a phone and SMS consent, with the caller’s key, purpose and sensitivity', async () => {
    const { useCase, calls, request } = setUp(ANA);
    await expect(useCase.execute(request)).resolves.toMatchObject({ id: 'm-1', channel: 'sms' });
    expect(calls.lookups).toEqual(['c-1']);
    expect(calls.stopChecks).toEqual(['+13125550101']);
    expect(calls.composed).toEqual([ANA]);
    expect(calls.queued).toEqual([
      {
        idempotencyKey: 'waitlist-offer:o-1',
        to: '+13125550101',
        purpose: 'waitlist-offer',
        sensitive: true,
        createdBy: null,
        channel: 'sms',
        text: 'Hi Ana, by text',
      },
    ]);
  });

  it('e-mails a client whose number replied STOP, and one without SMS consent', async () => {
    for (const [client, optedOut] of [
      [ANA, ['+13125550101']],
      [{ ...ANA, smsConsent: false }, []],
    ] as const) {
      const { useCase, calls, request } = setUp(client, [...optedOut]);
      await useCase.execute(request);
      expect(calls.queued).toEqual([
        {
          idempotencyKey: 'waitlist-offer:o-1',
          to: 'ana@example.com',
          purpose: 'waitlist-offer',
          sensitive: true,
          createdBy: null,
          channel: 'email',
          subject: 'By e-mail',
          text: 'Hi Ana',
          html: '<p>Hi</p>',
        },
      ]);
    }
  });

  it('does not ask the STOP list about a client without a phone; a message is not sensitive unless the caller says so', async () => {
    const { useCase, calls, request } = setUp({ ...ANA, phone: null });
    await useCase.execute({ ...request, sensitive: undefined });
    expect(calls.stopChecks).toEqual([]);
    expect(calls.queued).toMatchObject([{ channel: 'email', to: 'ana@example.com', sensitive: false }]);
  });

  it('sends nothing, and writes nothing, to a deleted client or one that cannot be reached', async () => {
    for (const client of [null, { ...ANA, email: null, smsConsent: false }, { ...ANA, phone: null, email: null }]) {
      const { useCase, calls, request } = setUp(client);
      await expect(useCase.execute(request)).resolves.toBeNull();
      expect(calls.composed).toEqual([]);
      expect(calls.queued).toEqual([]);
    }
  });

  it('throws while the clients service is unreachable, so the caller’s event is retried', async () => {
    const { useCase, calls, request } = setUp(new UpstreamUnavailableError('GET /api/clients/c-1 failed'));
    await expect(useCase.execute(request)).rejects.toThrow(UpstreamUnavailableError);
    expect(calls.queued).toEqual([]);
  });

  it('queues nothing when writing the message fails (identity unreachable)', async () => {
    const { useCase, calls, request } = setUp(ANA);
    const failing = { ...request, compose: async () => Promise.reject(new UpstreamUnavailableError('GET /api/business-settings failed')) };
    await expect(useCase.execute(failing)).rejects.toThrow(/business-settings/);
    expect(calls.queued).toEqual([]);
  });
});
