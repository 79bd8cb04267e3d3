import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { APP_CONFIG, OutboxWriter } from '@salon/nest-kit';
import { sealSecret } from '@salon/tokens';
import type { EntityManager } from 'typeorm';
import type { DocumentsConfig } from '../../../config.js';
import type { FormLink } from '../domain/form-link.rules.js';

export interface FormLinkSend {
  sendId: string;
  reason: 'booked' | 'staff';
  clientId: string;
  appointmentId: string | null;
  startsAt: Date | null;
  locationId: string | null;
  actor: EventEnvelope['actor'];
  link: FormLink;
}

/**
 * documents.form-link.requested.v1 through the outbox, in the caller's transaction: messaging
 * texts or e-mails the link. The link's token is the request's own (single-purpose: it fills that
 * request once, until it expires) and travels sealed with EVENT_SECRET_KEY, never in the clear.
 */
@Injectable()
export class FormLinkPublisher {
  constructor(
    private readonly outbox: OutboxWriter,
    @Inject(APP_CONFIG) private readonly config: DocumentsConfig,
  ) {}

  async publish(m: EntityManager, send: FormLinkSend): Promise<void> {
    await this.outbox.append(m, {
      type: 'documents.form-link.requested.v1',
      aggregateType: 'form-link',
      aggregateId: send.sendId,
      locationId: send.locationId,
      actor: send.actor,
      payload: {
        sendId: send.sendId,
        reason: send.reason,
        clientId: send.clientId,
        appointmentId: send.appointmentId,
        formId: send.link.first.formId,
        formNames: send.link.formNames,
        startsAt: send.startsAt ? send.startsAt.toISOString() : null,
        expiresAt: send.link.expiresAt.toISOString(),
        token: sealSecret(send.link.first.token, this.config.EVENT_SECRET_KEY),
      },
    });
  }
}
