import { describe, expect, it } from 'vitest';
import type { MessagingConfig } from '../../../config.js';
import type { SmsConsentUseCase } from '../../consent/use-cases/sms-consent.use-case.js';
import type { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import type { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import type { ConversationRepository } from '../../inbox/persistence/conversation.repository.js';
import type { AutomationQueue } from '../jobs/automation-queue.js';
import type { AutomationRepository } from '../persistence/automation.repository.js';
import type { AutomationSendRepository } from '../persistence/automation-send.repository.js';
import { RunAutomationSendUseCase } from './run-automation-send.use-case.js';

/**
 * The order of one reminder's send, with its collaborators stood in for: the text's job is added
 * only once the send is done and the phone's conversation names the client, so a client who
 * answers "C" the instant the text arrives is matched to this reminder (the walk's old flake: the
 * reply came between the text leaving and the send being marked done, and confirmed nothing).
 */
function setUp(kind: 'reminder' | 'birthday', client: { emailConsent: boolean }) {
  const log: string[] = [];
  const events: string[] = [];
  const now = new Date('2026-11-23T16:00:00Z');
  const send = {
    id: 's-1',
    locationId: 'loc-1',
    kind,
    appointmentId: kind === 'reminder' ? 'a-1' : null,
    clientId: 'c-1',
    dueAt: now,
    state: 'scheduled',
  };
  const automations = {
    find: async () => ({
      kind,
      enabled: true,
      channelRule: 'both',
      timing: 24,
      smsTemplate: null,
      emailSubject: null,
      emailTemplate: null,
    }),
    settings: async () => ({ quietStart: '00:00', quietEnd: '00:00', maxPerClientPerDay: 5 }),
  } as unknown as AutomationRepository;
  const sends = {
    find: async () => send,
    appointment: async () => ({
      appointmentId: 'a-1',
      clientId: 'c-1',
      status: 'booked',
      startsAt: new Date(now.getTime() + 24 * 3_600_000),
      serviceName: 'Haircut',
      staffId: null,
    }),
    recentSendTimes: async () => [],
    hasUpcomingAppointment: async () => false,
    finish: async (_id: string, state: string, f: { reason?: string; messageIds?: string[] }) =>
      log.push(`finish ${state} ${f.reason ?? (f.messageIds ?? []).join(',')}`),
  } as unknown as AutomationSendRepository;
  const platform = {
    businessAt: async () => ({ businessName: 'Salon', timeZone: 'America/Chicago', phone: null }),
    clientContact: async () => ({ firstName: 'Ana', phone: '+13125550101', email: 'ana@example.com', smsConsent: true, ...client }),
  } as unknown as PlatformLookup;
  const messages = {
    record: async (input: { channel: string }) => {
      log.push(`record ${input.channel}`);
      return { id: `m-${input.channel}`, channel: input.channel, status: 'queued' };
    },
    enqueue: async (m: { id: string }) => void log.push(`enqueue ${m.id}`),
  } as unknown as QueueMessageUseCase;
  const conversations = {
    recordOutbound: async (phone: string, clientId: string) => void log.push(`conversation ${phone} ${clientId}`),
  } as unknown as ConversationRepository;
  const useCase = new RunAutomationSendUseCase(
    { PUBLIC_URL: 'http://salon.test' } as MessagingConfig,
    automations,
    sends,
    {} as AutomationQueue,
    platform,
    { nameOf: async () => null } as never,
    { isOptedOut: async () => false } as unknown as SmsConsentUseCase,
    messages,
    conversations,
    {} as never,
    { transaction: async (work: (m: unknown) => Promise<void>) => work({}) } as never,
    {
      append: async (_m: unknown, e: { type: string; payload: { outcome: string } }) => void events.push(`${e.type} ${e.payload.outcome}`),
    } as never,
  );
  return { useCase, log, now, events };
}

describe('running one automation send', () => {
  it('marks the send done and ties the conversation to the client before any message can go out', async () => {
    const { useCase, log, now, events } = setUp('reminder', { emailConsent: false });
    expect(await useCase.run('s-1', now.getTime(), now)).toBe('sent');
    expect(events).toEqual(['messaging.automation.finished.v1 sent']);
    expect(log).toEqual([
      'record sms',
      'conversation +13125550101 c-1',
      'record email',
      'finish done m-sms,m-email',
      'enqueue m-sms',
      'enqueue m-email',
    ]);
  });

  it('e-mails a birthday message only to a client who agreed to marketing e-mail (appointment messages do not ask)', async () => {
    const without = setUp('birthday', { emailConsent: false });
    expect(await without.useCase.run('s-1', without.now.getTime(), without.now)).toBe('sent');
    expect(without.log.filter((l) => l.startsWith('record'))).toEqual(['record sms']);
    const withConsent = setUp('birthday', { emailConsent: true });
    await withConsent.useCase.run('s-1', withConsent.now.getTime(), withConsent.now);
    expect(withConsent.log.filter((l) => l.startsWith('record'))).toEqual(['record sms', 'record email']);
  });
});
