import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { SendPasswordResetUseCase } from './use-cases/send-password-reset.use-case.js';

/** Password-reset delivery (the use-case); its event consumer lives in PasswordResetEventsModule, worker only. */
@Module({ imports: [DeliveryModule], providers: [SendPasswordResetUseCase], exports: [SendPasswordResetUseCase] })
export class PasswordResetModule {}
