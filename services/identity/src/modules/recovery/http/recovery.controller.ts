import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ClientIp, Public } from '@salon/nest-kit';
import { RequestPasswordResetUseCase } from '../use-cases/request-password-reset.use-case.js';
import { ResetPasswordUseCase } from '../use-cases/reset-password.use-case.js';

@Public()
@Controller('api/auth')
export class RecoveryController {
  constructor(
    private readonly requestReset: RequestPasswordResetUseCase,
    private readonly resetPassword: ResetPasswordUseCase,
  ) {}

  @Post('forgot-password')
  @HttpCode(202)
  byEmail(@Body() body: unknown, @ClientIp() ip: string) {
    return this.requestReset.byEmail(body, ip);
  }

  @Post('forgot-password-sms')
  @HttpCode(202)
  bySms(@Body() body: unknown, @ClientIp() ip: string) {
    return this.requestReset.bySms(body, ip);
  }

  @Post('reset-password')
  @HttpCode(200)
  reset(@Body() body: unknown, @ClientIp() ip: string) {
    return this.resetPassword.execute(body, ip);
  }
}
