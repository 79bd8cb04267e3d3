import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import { SendPasswordResetUseCase } from '../use-cases/send-password-reset.use-case.js';

/** identity.password-reset.requested.v1 → the reset e-mail or SMS. Only calls the use-case. */
@Injectable()
export class PasswordResetRequestedConsumer {
  constructor(private readonly useCase: SendPasswordResetUseCase) {}

  // The handler also receives the inbox transaction's manager; the use-case does not use it on
  // purpose: the job must not be enqueued before the row commits, and the idempotency key
  // (password-reset:<requestId>) already makes a redelivered event land on the same message.
  @EventHandler('identity.password-reset.requested.v1')
  handle(envelope: EventEnvelope) {
    return this.useCase.execute(envelope.payload);
  }
}
