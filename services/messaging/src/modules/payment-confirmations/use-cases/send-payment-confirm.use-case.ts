import { Injectable } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { parseInput } from '@salon/nest-kit';
import type { MessageEntity } from '../../delivery/persistence/message.entity.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { SendClientMessageUseCase } from '../../delivery/use-cases/send-client-message.use-case.js';
import { renderPaymentConfirmEmail, renderPaymentConfirmSms } from '../domain/payment-confirm-message.js';

const payloadSchema = EVENT_PAYLOADS['retail.payment.action-required.v1'];

/**
 * A card-on-file charge the bank wants the client to authenticate (SCA): retail publishes
 * retail.payment.action-required.v1 with the card provider's confirm link, and the client gets it
 * through SendClientMessageUseCase (their phone with SMS consent and no STOP, else their e-mail;
 * nothing to a client who cannot be reached or no longer exists). The link carries the intent's
 * client secret, so the message is sensitive (hidden in the log, redacted once sent). One message
 * per payment: the idempotency key is the payment id, so a redelivered event sends nothing more.
 */
@Injectable()
export class SendPaymentConfirmUseCase {
  constructor(
    private readonly platform: PlatformLookup,
    private readonly sendToClient: SendClientMessageUseCase,
  ) {}

  async execute(payload: unknown, locationId: string | null): Promise<MessageEntity | null> {
    const p = parseInput(payloadSchema, payload);
    if (!p.clientId) return null; // a walk-in's card cannot be on file
    return this.sendToClient.execute({
      clientId: p.clientId,
      about: `payment ${p.paymentId}`,
      idempotencyKey: `payment-action:${p.paymentId}`,
      purpose: 'payment-confirmation',
      sensitive: true,
      compose: async (client) => {
        const { businessName } = await this.platform.businessAt(locationId ?? p.locationId);
        const input = { businessName, firstName: client.firstName, amountMinor: p.amountMinor, currency: p.currency, link: p.actionUrl };
        return { sms: () => renderPaymentConfirmSms(input), email: () => renderPaymentConfirmEmail(input) };
      },
    });
  }
}
