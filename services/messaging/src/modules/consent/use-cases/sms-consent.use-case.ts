import { Injectable } from '@nestjs/common';
import { normalisePhone } from '../../delivery/domain/recipient.js';
import { consentChangeOf, type ConsentChange } from '../domain/consent-keywords.js';
import { SmsConsentRepository } from '../persistence/sms-consent.repository.js';

@Injectable()
export class SmsConsentUseCase {
  constructor(private readonly consent: SmsConsentRepository) {}

  /** An inbound SMS: STOP-like words opt the sender out, START-like words opt them back in. */
  async inboundMessage(from: string, body: string): Promise<ConsentChange | null> {
    const change = consentChangeOf(body);
    const phone = normalisePhone(from);
    if (!change || !phone) return null;
    await this.consent.record(phone, change === 'opt-out', 'sms-keyword');
    return change;
  }

  /** Twilio refused a send because the number had replied STOP (error 21610): remember it. */
  async providerReportedOptOut(phone: string): Promise<void> {
    await this.consent.record(phone, true, 'provider');
  }

  isOptedOut(phone: string): Promise<boolean> {
    return this.consent.isOptedOut(phone);
  }
}
