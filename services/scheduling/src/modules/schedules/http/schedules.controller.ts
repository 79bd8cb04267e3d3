import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { SEE_A_SCHEDULE } from '../domain/schedule-scope.js';
import { SchedulesUseCase } from '../use-cases/schedules.use-case.js';

const VIEW = SEE_A_SCHEDULE;
const EDIT = 'edit_calendar';

@Controller('api')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesUseCase) {}

  @RequirePermission(VIEW)
  @Get('working-hours')
  workingHours(@CurrentAuth() auth: AuthContext, @Query() query: Record<string, string>) {
    return this.schedules.workingHours(auth, query);
  }

  /** The staff member's whole week at one location (work intervals and breaks). */
  @RequirePermission(EDIT)
  @Put('working-hours')
  replaceWorkingHours(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.schedules.replaceWorkingHours(auth, body);
  }

  @RequirePermission(EDIT)
  @Put('schedule-exceptions')
  saveException(@Body() body: unknown) {
    return this.schedules.saveException(body);
  }

  @RequirePermission(VIEW)
  @Get('time-off')
  timeOff(@CurrentAuth() auth: AuthContext, @Query() query: Record<string, string>) {
    return this.schedules.timeOff(auth, query);
  }

  @RequirePermission(EDIT)
  @Post('time-off')
  addTimeOff(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.schedules.addTimeOff(auth, body);
  }

  @RequirePermission(EDIT)
  @Delete('time-off/:id')
  @HttpCode(204)
  async removeTimeOff(@Param('id') id: string) {
    await this.schedules.removeTimeOff(id);
  }

  @RequirePermission({ anyOf: ['view_calendar', 'view_business_settings', 'edit_business_settings'] })
  @Get('booking-policies/:locationId')
  policy(@Param('locationId') locationId: string) {
    return this.schedules.policy(locationId);
  }

  @RequirePermission('edit_business_settings')
  @Put('booking-policies/:locationId')
  savePolicy(@Param('locationId') locationId: string, @Body() body: unknown) {
    return this.schedules.savePolicy(locationId, body);
  }
}
