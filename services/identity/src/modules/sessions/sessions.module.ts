import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './http/auth.controller.js';
import { LoginThrottle } from './persistence/login-throttle.provider.js';
import { LoginUseCase } from './use-cases/login.use-case.js';
import { SessionUseCase } from './use-cases/session.use-case.js';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [LoginThrottle, LoginUseCase, SessionUseCase],
})
export class SessionsModule {}
