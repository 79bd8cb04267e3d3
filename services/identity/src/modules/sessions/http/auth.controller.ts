import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ClientIp, CurrentAuth, Public, type AuthContext } from '@salon/nest-kit';
import { StaffInvitationsUseCase } from '../../users/use-cases/staff-invitations.use-case.js';
import { LoginUseCase } from '../use-cases/login.use-case.js';
import { SessionUseCase } from '../use-cases/session.use-case.js';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly login: LoginUseCase,
    private readonly session: SessionUseCase,
    private readonly invitations: StaffInvitationsUseCase,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  signIn(@Body() body: unknown, @ClientIp() ip: string) {
    return this.login.execute(body, ip);
  }

  @Post('logout')
  @HttpCode(200)
  signOut(@CurrentAuth() auth: AuthContext) {
    return this.session.logout(auth);
  }

  @Get('verify')
  verify(@CurrentAuth() auth: AuthContext) {
    return this.session.verify(auth);
  }

  @Public()
  @Post('accept-invitation')
  @HttpCode(200)
  acceptInvitation(@Body() body: unknown) {
    return this.invitations.accept(body);
  }
}
