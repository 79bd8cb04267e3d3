import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import type { EntityManager } from 'typeorm';
import { marketingVerdict, type ConsentChannel, type MarketingVerdict } from '../domain/marketing-consent.js';
import { ClientConsentRepository } from '../persistence/client-consent.repository.js';
import { SmsConsentRepository } from '../persistence/sms-consent.repository.js';

/** The clients service's consent decisions, kept here for bulk sends (marketing, automations). */
@Injectable()
export class ClientConsentUseCase {
  constructor(
    private readonly clientConsent: ClientConsentRepository,
    private readonly smsConsent: SmsConsentRepository,
  ) {}

  /**
   * `clients.client.consent-changed.v1`, in the inbox transaction. Whatever the method — staff,
   * import, online booking, or `sms-keyword` (the clients service applying our own STOP/START) —
   * it only updates client_consent: nothing here writes the phone's STOP list or publishes, so a
   * change that started as our STOP ends here instead of echoing back as another STOP.
   */
  async recordChange(envelope: TypedEventEnvelope<'clients.client.consent-changed.v1'>, manager: EntityManager): Promise<boolean> {
    const p = envelope.payload;
    return this.clientConsent.record(
      {
        clientId: p.clientId,
        channel: p.channel,
        granted: p.granted,
        method: p.method,
        address: p.channel === 'sms' ? p.phone : p.email,
        decidedAt: envelope.occurredAt,
        eventId: envelope.id,
      },
      manager,
    );
  }

  /** May a bulk message go to this client on this channel? (domain/marketing-consent.ts) */
  async marketingVerdict(clientId: string, channel: ConsentChannel): Promise<MarketingVerdict> {
    const record = await this.clientConsent.find(clientId, channel);
    const optedOut = channel === 'sms' && record?.address ? await this.smsConsent.isOptedOut(record.address) : false;
    return marketingVerdict(channel, record, optedOut);
  }
}
