import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { toE164 } from '@salon/contracts';
import { consentChangeOf, consentKeywordOf, type ConsentChange } from '../domain/consent-keywords.js';
import { SmsConsentRepository } from '../persistence/sms-consent.repository.js';

/**
 * The phone's own word on texts (sms_consent). Every opt-out or opt-in recorded here is also
 * published, in the same transaction, as `messaging.sms.opted-out|opted-in.v1`, so the clients
 * service withdraws (or restores) the consent on the profiles with that phone. Published on every
 * keyword, not only when our row flips: a profile created or re-consented since the last STOP is
 * brought in line by the next one, and the clients side ignores what changes nothing.
 */
@Injectable()
export class SmsConsentUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly consent: SmsConsentRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /** An inbound SMS: STOP-like words opt the sender out, START-like words opt them back in. */
  async inboundMessage(from: string, body: string): Promise<ConsentChange | null> {
    const change = consentChangeOf(body);
    const phone = toE164(from);
    if (!change || !phone) return null;
    await this.record(phone, change, 'sms-keyword', consentKeywordOf(body));
    return change;
  }

  /** Twilio refused a send because the number had replied STOP (error 21610): remember it. */
  async providerReportedOptOut(phone: string): Promise<void> {
    await this.record(phone, 'opt-out', 'provider', null);
  }

  isOptedOut(phone: string): Promise<boolean> {
    return this.consent.isOptedOut(phone);
  }

  private async record(phone: string, change: ConsentChange, source: string, keyword: string | null): Promise<void> {
    const at = new Date();
    await this.dataSource.transaction(async (manager) => {
      await this.consent.record(phone, change === 'opt-out', source, at, manager);
      await this.outbox.append(manager, {
        type: change === 'opt-out' ? 'messaging.sms.opted-out.v1' : 'messaging.sms.opted-in.v1',
        aggregateType: 'phone',
        aggregateId: phone,
        locationId: null,
        actor: { type: 'system', id: null },
        payload: { phone, at: at.toISOString(), keyword },
      });
    });
  }
}
