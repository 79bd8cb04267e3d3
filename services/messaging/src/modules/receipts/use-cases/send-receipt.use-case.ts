import { Injectable, Logger } from '@nestjs/common';
import { EVENT_PAYLOADS } from '@salon/contracts';
import { parseInput } from '@salon/nest-kit';
import { SmsConsentUseCase } from '../../consent/use-cases/sms-consent.use-case.js';
import { PlatformLookup } from '../../delivery/persistence/platform-lookup.provider.js';
import { QueueMessageUseCase } from '../../delivery/use-cases/queue-message.use-case.js';
import { receiptRecipient, renderReceiptEmail, renderReceiptSms } from '../domain/receipt-message.js';
import { ReceiptSendRepository } from '../persistence/receipt-send.repository.js';

const payloadSchema = EVENT_PAYLOADS['retail.receipt.requested.v1'];

export type ReceiptSendOutcome = { sent: true; messageId: string } | { sent: false; reason: string } | null;

/**
 * A receipt the desk asked retail to send (retail.receipt.requested.v1, the receipt inside): on the
 * channel the desk chose, to the client's contact as the clients service has it. Consent is checked
 * here (`receiptRecipient`): a text to a client without SMS consent or whose phone replied STOP is
 * refused and the reason recorded, so the desk sees it. The message's idempotency key is the send
 * id and the outcome is kept per send id, so a redelivered event (or the same request twice) sends
 * once. The message goes through the delivery queue (a BullMQ job per message) like every other.
 */
@Injectable()
export class SendReceiptUseCase {
  private readonly logger = new Logger('SendReceipt');

  constructor(
    private readonly platform: PlatformLookup,
    private readonly smsConsent: SmsConsentUseCase,
    private readonly queue: QueueMessageUseCase,
    private readonly sends: ReceiptSendRepository,
  ) {}

  /** What became of it, or null when the client no longer exists. */
  async execute(payload: unknown): Promise<ReceiptSendOutcome> {
    const p = parseInput(payloadSchema, payload);
    const base = { sendId: p.sendId, ticketId: p.ticketId, clientId: p.clientId, channel: p.channel };
    const client = await this.platform.clientContact(p.clientId);
    if (!client) {
      this.logger.log(`receipt ${p.sendId}: client ${p.clientId} no longer exists; nothing sent`);
      await this.sends.record({ ...base, messageId: null, refusedReason: 'The client no longer exists' });
      return null;
    }
    const smsOptedOut = p.channel === 'sms' && client.phone ? await this.smsConsent.isOptedOut(client.phone) : false;
    const choice = receiptRecipient(p.channel, { ...client, smsOptedOut });
    if ('refused' in choice) {
      this.logger.log(`receipt ${p.sendId}: ${choice.refused}; nothing sent`);
      await this.sends.record({ ...base, messageId: null, refusedReason: choice.refused });
      return { sent: false, reason: choice.refused };
    }
    const input = { receipt: p.receipt, firstName: client.firstName };
    const common = { idempotencyKey: `receipt:${p.sendId}`, to: choice.to, purpose: 'receipt', createdBy: null };
    const message =
      p.channel === 'sms'
        ? await this.queue.record({ ...common, channel: 'sms', text: renderReceiptSms(input) })
        : await this.queue.record({ ...common, channel: 'email', ...renderReceiptEmail(input) });
    // The outcome row before the job: the desk's view never shows a message without its send.
    await this.sends.record({ ...base, messageId: message.id, refusedReason: null });
    await this.queue.enqueue(message);
    return { sent: true, messageId: message.id };
  }
}
