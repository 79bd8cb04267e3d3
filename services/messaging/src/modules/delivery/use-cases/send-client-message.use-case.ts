import { Injectable, Logger } from '@nestjs/common';
import { afterQuietHours, type QuietHours } from '../../automations/domain/quiet-hours.js';
import { SmsConsentUseCase } from '../../consent/use-cases/sms-consent.use-case.js';
import { clientChannel } from '../domain/client-message-rules.js';
import type { MessageEntity } from '../persistence/message.entity.js';
import { PlatformLookup, type ClientContact } from '../persistence/platform-lookup.provider.js';
import { QueueMessageUseCase } from './queue-message.use-case.js';

/** The message in both forms; only the one for the chosen channel is rendered. */
export interface ClientMessageForms {
  sms(): string;
  email(): { subject: string; text: string; html: string };
}

export interface ClientMessageRequest {
  clientId: string;
  /** Names what the message is about in the log, e.g. `offer <id>`, `appointment <id>`. */
  about: string;
  idempotencyKey: string;
  purpose: string;
  /** The body carries a credential (an offer link): hidden in the log and redacted once sent. */
  sensitive?: boolean;
  /**
   * Prepares the wording once the client is known to be reachable; it may ask other services
   * (business name, staff name), which are therefore not asked for a client who gets nothing.
   */
  compose(client: ClientContact): Promise<ClientMessageForms>;
  /**
   * A text chosen now waits out these quiet hours in this zone (the location's, as automations do):
   * the row is written now and its job is held until the morning. E-mail goes at once.
   */
  quietHours?: QuietHours & { zone: string; now: Date };
}

/**
 * "Reach this client by SMS or e-mail", the one sequence every transactional message to a client
 * (waitlist offer, online booking confirmation) goes through: ask clients for the contact details
 * and SMS consent, check the phone's own STOP here, pick the channel (`clientChannel`, the rule),
 * then write the message and queue it. A client who no longer exists (404) or cannot be reached
 * gets nothing (null, logged); clients unreachable throws, so the caller's event is retried.
 * Password resets do not come here: identity names the channel and the address itself.
 */
@Injectable()
export class SendClientMessageUseCase {
  private readonly logger = new Logger('SendClientMessage');

  constructor(
    private readonly platform: PlatformLookup,
    private readonly smsConsent: SmsConsentUseCase,
    private readonly queue: QueueMessageUseCase,
  ) {}

  /** The queued message (the existing one for a known idempotency key), or null when nothing is sent. */
  async execute(request: ClientMessageRequest): Promise<MessageEntity | null> {
    const { clientId, about } = request;
    const client = await this.platform.clientContact(clientId);
    if (!client) {
      this.logger.log(`${about}: client ${clientId} no longer exists; nothing sent`);
      return null;
    }
    const smsOptedOut = client.phone ? await this.smsConsent.isOptedOut(client.phone) : false;
    const choice = clientChannel({ ...client, smsOptedOut });
    if (!choice.channel) {
      this.logger.warn(`${about}: client ${clientId} cannot be reached (${choice.reason}); nothing sent`);
      return null;
    }
    const forms = await request.compose(client);
    const common = {
      idempotencyKey: request.idempotencyKey,
      to: choice.to,
      purpose: request.purpose,
      sensitive: request.sensitive ?? false,
      createdBy: null,
    };
    if (choice.channel === 'sms') {
      const q = request.quietHours;
      const notBefore = q ? afterQuietHours(q.now, q.zone, q) : undefined;
      if (notBefore && q && notBefore > q.now)
        this.logger.log(`${about}: the text waits for quiet hours to end (${notBefore.toISOString()})`);
      return this.queue.queue({ ...common, channel: 'sms', text: forms.sms() }, { notBefore, now: q?.now });
    }
    const email = forms.email();
    return this.queue.queue({ ...common, channel: 'email', subject: email.subject, text: email.text, html: email.html });
  }
}
