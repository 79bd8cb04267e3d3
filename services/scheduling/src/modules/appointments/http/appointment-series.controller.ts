import { APPOINTMENT_ACTIONS } from '@salon/contracts';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { AppointmentSeriesUseCase } from '../use-cases/appointment-series.use-case.js';

@Controller('api/appointment-series')
export class AppointmentSeriesController {
  constructor(private readonly series: AppointmentSeriesUseCase) {}

  /** Every occurrence with ok / reason and the nearest alternatives; nothing is saved. */
  @RequirePermission(APPOINTMENT_ACTIONS.book)
  @Post('preview')
  @HttpCode(200)
  preview(@Body() body: unknown) {
    return this.series.preview(body);
  }

  /** 201 `{series, appointments, skipped}`, or 409 `{error, conflicts: [{startsAt, reason}]}` with nothing written. */
  @RequirePermission(APPOINTMENT_ACTIONS.book)
  @Post()
  create(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.series.create(auth, body);
  }

  @RequirePermission(APPOINTMENT_ACTIONS.seeAll)
  @Get(':id')
  get(@Param('id') id: string) {
    return this.series.get(id);
  }

  /** "This and following": `{fromAppointmentId, reason?}` → the cancelled appointments. */
  @RequirePermission(APPOINTMENT_ACTIONS.change)
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.series.cancelFollowing(auth, id, body);
  }
}
