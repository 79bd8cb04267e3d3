import { Module } from '@nestjs/common';
import { RecoveryController } from './http/recovery.controller.js';
import { PasswordResetRequestRepository } from './persistence/password-reset-request.repository.js';
import { RecoveryThrottle } from './persistence/recovery-throttle.provider.js';
import { RequestPasswordResetUseCase } from './use-cases/request-password-reset.use-case.js';
import { ResetPasswordUseCase } from './use-cases/reset-password.use-case.js';

@Module({
  controllers: [RecoveryController],
  providers: [PasswordResetRequestRepository, RecoveryThrottle, RequestPasswordResetUseCase, ResetPasswordUseCase],
})
export class RecoveryModule {}
