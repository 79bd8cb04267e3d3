import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { SEE_A_CALENDAR } from '../../appointments/domain/calendar-scope.js';
import { AppointmentDepositsUseCase } from '../use-cases/appointment-deposits.use-case.js';

/** An online booking's deposit: read by the calendar and retail; settled by retail (its service token) only. */
@Controller('api/appointments/:id/deposit')
export class AppointmentDepositsController {
  constructor(private readonly deposits: AppointmentDepositsUseCase) {}

  @Get()
  @RequirePermission(SEE_A_CALENDAR)
  view(@Param('id', ParseUUIDPipe) id: string) {
    return this.deposits.view(id);
  }

  /** 200 with the deposit, now `paid` (the booking stands); 409 when the held time was released. */
  @Post('paid')
  @HttpCode(200)
  @RequirePermission(SEE_A_CALENDAR)
  paid(@CurrentAuth() auth: AuthContext, @Param('id', ParseUUIDPipe) id: string, @Body() body: unknown) {
    return this.deposits.paid(auth, id, body);
  }

  /** 200 with the deposit, now `released` (the appointment cancelled, its time free); 409 when it was paid. */
  @Post('release')
  @HttpCode(200)
  @RequirePermission(SEE_A_CALENDAR)
  release(@CurrentAuth() auth: AuthContext, @Param('id', ParseUUIDPipe) id: string, @Body() body: unknown) {
    return this.deposits.release(auth, id, body);
  }
}
