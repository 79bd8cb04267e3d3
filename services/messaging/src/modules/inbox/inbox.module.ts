import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { InboxResolver } from './graphql/inbox.resolver.js';
import { InboxUseCase } from './use-cases/inbox.use-case.js';

/** The two-way SMS inbox (API process): inbound texts from the Twilio webhook, conversations, replies. */
@Module({ imports: [DeliveryModule], providers: [InboxUseCase, InboxResolver], exports: [InboxUseCase] })
export class InboxModule {}
