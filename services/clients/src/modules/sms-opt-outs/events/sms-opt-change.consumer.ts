import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import { EventHandler } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { ApplySmsKeywordUseCase } from '../use-cases/apply-sms-keyword.use-case.js';
import { ApplyUnsubscribeUseCase } from '../use-cases/apply-unsubscribe.use-case.js';

/** messaging.sms.opted-out|opted-in.v1 → the SMS consent of the clients with that phone, in the inbox transaction. */
@Injectable()
export class SmsOptChangeConsumer {
  constructor(
    private readonly applyKeyword: ApplySmsKeywordUseCase,
    private readonly applyUnsubscribe: ApplyUnsubscribeUseCase,
  ) {}

  @EventHandler('messaging.sms.opted-out.v1')
  async optedOut(envelope: TypedEventEnvelope<'messaging.sms.opted-out.v1'>, manager: EntityManager): Promise<void> {
    await this.applyKeyword.execute(envelope.payload, false, manager);
  }

  @EventHandler('messaging.sms.opted-in.v1')
  async optedIn(envelope: TypedEventEnvelope<'messaging.sms.opted-in.v1'>, manager: EntityManager): Promise<void> {
    await this.applyKeyword.execute(envelope.payload, true, manager);
  }

  /** A campaign's unsubscribe link: that channel's consent of that client is withdrawn. */
  @EventHandler('messaging.marketing.unsubscribed.v1')
  async unsubscribed(envelope: TypedEventEnvelope<'messaging.marketing.unsubscribed.v1'>, manager: EntityManager): Promise<void> {
    await this.applyUnsubscribe.execute(envelope.payload, manager);
  }
}
