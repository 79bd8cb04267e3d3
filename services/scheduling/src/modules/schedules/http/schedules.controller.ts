import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { SchedulesUseCase } from '../use-cases/schedules.use-case.js';

const VIEW = { anyOf: ['view_schedules', 'view_calendar', 'edit_calendar'] } as const;
const EDIT = 'edit_calendar';

@Controller('api')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesUseCase) {}

  @RequirePermission(VIEW)
  @Get('working-hours')
  workingHours(@Query() query: Record<string, string>) {
    return this.schedules.workingHours(query);
  }

  /** The staff member's whole week at one location (work intervals and breaks). */
  @RequirePermission(EDIT)
  @Put('working-hours')
  replaceWorkingHours(@Body() body: unknown) {
    return this.schedules.replaceWorkingHours(body);
  }

  @RequirePermission(EDIT)
  @Put('schedule-exceptions')
  saveException(@Body() body: unknown) {
    return this.schedules.saveException(body);
  }

  @RequirePermission(VIEW)
  @Get('time-off')
  timeOff(@Query() query: Record<string, string>) {
    return this.schedules.timeOff(query);
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
