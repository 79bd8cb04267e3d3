import { Body, Controller, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { TimeClockUseCase } from '../use-cases/time-clock.use-case.js';

@Controller('api/time-clock')
export class TimeClockController {
  constructor(private readonly clock: TimeClockUseCase) {}

  @RequirePermission('view_time_clock')
  @Post('clock-in')
  clockIn(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.clock.punch(auth, 'clock_in', body);
  }

  @RequirePermission('view_time_clock')
  @Post('clock-out')
  clockOut(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.clock.punch(auth, 'clock_out', body);
  }

  @RequirePermission('view_time_clock')
  @Post('break-start')
  breakStart(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.clock.punch(auth, 'break_start', body);
  }

  @RequirePermission('view_time_clock')
  @Post('break-end')
  breakEnd(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.clock.punch(auth, 'break_end', body);
  }

  @RequirePermission('view_time_clock')
  @Put('pin')
  setPin(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.clock.setPin(auth, body);
  }

  @RequirePermission('view_time_clock')
  @Get('current')
  current(@CurrentAuth() auth: AuthContext, @Query('staffId') staffId?: string) {
    return this.clock.current(auth, staffId ?? null);
  }

  @RequirePermission('view_time_clock')
  @Get('timesheet')
  timeSheet(
    @CurrentAuth() auth: AuthContext,
    @Query('locationId') locationId: string,
    @Query('from') from: string,
    @Query('to') to: string,
    @Query('staffId') staffId?: string,
  ) {
    return this.clock.timeSheet(auth, { staffId: staffId ?? null, locationId, from, to });
  }

  @RequirePermission('manage_time_clock')
  @Patch('shifts/:id')
  edit(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.clock.edit(auth, id, body);
  }

  @RequirePermission('manage_time_clock')
  @Post('approvals')
  approve(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.clock.approve(auth, body);
  }

  @RequirePermission('view_time_clock')
  @Get('rules/:locationId')
  rules(@Param('locationId') locationId: string) {
    return this.clock.rules(locationId);
  }

  @RequirePermission('manage_time_clock')
  @Put('rules/:locationId')
  saveRules(@Param('locationId') locationId: string, @Body() body: unknown) {
    return this.clock.saveRules(locationId, body);
  }
}
