import { Injectable } from '@nestjs/common';
import type { EventPayload, EventType } from '@salon/contracts';
import { OutboxWriter, type DomainEventInput } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { consentColumns, consentOf } from '../../clients/domain/client-rules.js';
import { ClientRepository } from '../../clients/persistence/client.repository.js';
import { clientEvent, consentChangedEvent } from '../../clients/domain/client-events.js';
import { isLive } from '../../clients/use-cases/clients.use-case.js';
import { smsKeywordDecision } from '../domain/sms-keyword-consent.js';
import { ClientsByPhoneRepository } from '../persistence/clients-by-phone.repository.js';

type SmsOptChange = EventPayload<'messaging.sms.opted-out.v1'>;

/**
 * A phone replied STOP (or START) to the business's number, as messaging reports it: every live
 * client with that phone gets the SMS consent decision of `smsKeywordDecision`, written like a
 * staff edit (consent columns, version bump) and published like one (`clients.client.updated.v1`
 * and `clients.client.consent-changed.v1`, method `sms-keyword`, actor system), in the inbox
 * transaction. Messaging only records that consent-changed event, so it does not come back here.
 */
@Injectable()
export class ApplySmsKeywordUseCase {
  constructor(
    private readonly byPhone: ClientsByPhoneRepository,
    private readonly clients: ClientRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /** Returns the ids of the clients whose consent changed. */
  async execute(change: SmsOptChange, optedIn: boolean, manager: EntityManager): Promise<string[]> {
    const ids = await this.byPhone.liveIds(change.phone, manager);
    if (ids.length === 0) return [];
    const receivedAt = new Date(change.at);
    const changed: string[] = [];
    const events: DomainEventInput<EventType>[] = [];
    // Locked (in id order, like a merge) so a staff edit in flight is ordered before or after us.
    for (const client of await this.clients.lock(ids, manager)) {
      // Re-checked under the lock: the client may have been deleted or merged since the lookup.
      if (!isLive(client)) continue;
      const decision = smsKeywordDecision(consentOf(client, 'sms'), optedIn, receivedAt);
      if (!decision) continue;
      await this.clients.update(client.id, { ...consentColumns('sms', decision), updatedBy: null }, manager);
      const saved = (await this.clients.findById(client.id, manager))!;
      events.push(
        clientEvent(null, saved, 'clients.client.updated.v1', { clientId: saved.id, changed: ['smsConsent'] }),
        consentChangedEvent(null, saved, 'sms'),
      );
      changed.push(client.id);
    }
    await this.outbox.appendAll(manager, events);
    return changed;
  }
}
