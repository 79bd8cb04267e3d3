import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@salon/contracts';
import { OutboxWriter } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { consentColumns, consentOf } from '../../clients/domain/client-rules.js';
import { clientEvent, consentChangedEvent } from '../../clients/domain/client-events.js';
import { ClientRepository } from '../../clients/persistence/client.repository.js';
import { isLive } from '../../clients/use-cases/clients.use-case.js';
import { unsubscribeDecision } from '../domain/unsubscribe-consent.js';

/**
 * A client followed a campaign's unsubscribe link (messaging's `messaging.marketing.unsubscribed.v1`):
 * that channel's consent is withdrawn like a staff edit would be, and published the same way
 * (`clients.client.updated.v1`, `clients.client.consent-changed.v1`), in the inbox transaction.
 */
@Injectable()
export class ApplyUnsubscribeUseCase {
  constructor(
    private readonly clients: ClientRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /** Whether the consent changed. */
  async execute(p: EventPayload<'messaging.marketing.unsubscribed.v1'>, manager: EntityManager): Promise<boolean> {
    const [client] = await this.clients.lock([p.clientId], manager);
    if (!client || !isLive(client)) return false;
    const decision = unsubscribeDecision(consentOf(client, p.channel), new Date(p.at));
    if (!decision) return false;
    await this.clients.update(client.id, { ...consentColumns(p.channel, decision), updatedBy: null }, manager);
    const saved = (await this.clients.findById(client.id, manager))!;
    const field = p.channel === 'sms' ? 'smsConsent' : 'emailConsent';
    await this.outbox.appendAll(manager, [
      clientEvent(null, saved, 'clients.client.updated.v1', { clientId: saved.id, changed: [field] }),
      consentChangedEvent(null, saved, p.channel),
    ]);
    return true;
  }
}
