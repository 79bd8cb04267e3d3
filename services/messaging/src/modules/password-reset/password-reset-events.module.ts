import { Module } from '@nestjs/common';
import { PasswordResetRequestedConsumer } from './events/password-reset-requested.consumer.js';
import { PasswordResetModule } from './password-reset.module.js';

/** The worker's consumer of identity's recovery events. */
@Module({ imports: [PasswordResetModule], providers: [PasswordResetRequestedConsumer] })
export class PasswordResetEventsModule {}
