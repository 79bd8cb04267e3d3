import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { SendFormLinkUseCase } from '../use-cases/send-form-link.use-case.js';

/** documents.form-link.requested.v1 → the client's forms link by SMS or e-mail. Only calls the use-case. */
@Injectable()
export class FormLinkRequestedConsumer {
  constructor(private readonly useCase: SendFormLinkUseCase) {}

  // As for booking claims, the inbox manager is not used: the job is queued after the row exists,
  // and the idempotency key (form-link:<sendId>) absorbs redeliveries.
  @EventHandler('documents.form-link.requested.v1')
  handle(envelope: EventEnvelope) {
    return this.useCase.execute(envelope.payload, envelope.locationId);
  }
}
