import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { ClientReplyUseCase } from '../use-cases/client-reply.use-case.js';

/** messaging.appointment.reply-received.v1 → the reminded appointment confirmed (or cancelled) by the client. */
@Injectable()
export class ClientReplyConsumer {
  constructor(private readonly reply: ClientReplyUseCase) {}

  @EventHandler('messaging.appointment.reply-received.v1')
  async handle(envelope: TypedEventEnvelope<'messaging.appointment.reply-received.v1'>, manager: EntityManager): Promise<void> {
    await this.reply.execute(manager, envelope.payload);
  }
}
