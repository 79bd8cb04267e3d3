import { Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentAuth, Public, RequireRole, type AuthContext } from '@salon/nest-kit';
import { CalendarFeedsUseCase } from '../use-cases/calendar-feeds.use-case.js';

@Controller('api/calendar-feeds')
export class CalendarFeedsController {
  constructor(private readonly feeds: CalendarFeedsUseCase) {}

  /** Whether the person has a live feed link (and when a calendar app last read it). */
  @RequireRole('staff', 'admin')
  @Get('staff/:staffId')
  status(@CurrentAuth() auth: AuthContext, @Param('staffId') staffId: string) {
    return this.feeds.status(auth, staffId);
  }

  /** A new secret link (the old one stops working): `{ path }`, answered this once. */
  @RequireRole('staff', 'admin')
  @Post('staff/:staffId')
  create(@CurrentAuth() auth: AuthContext, @Param('staffId') staffId: string) {
    return this.feeds.create(auth, staffId);
  }

  @RequireRole('staff', 'admin')
  @Delete('staff/:staffId')
  @HttpCode(204)
  async revoke(@CurrentAuth() auth: AuthContext, @Param('staffId') staffId: string) {
    await this.feeds.revoke(auth, staffId);
  }

  /** The iCalendar feed Google or Apple Calendar subscribes to: the secret in the path is the credential. */
  @Public()
  @Get('ics/:token')
  async read(@Param('token') token: string, @Res({ passthrough: true }) res: Response) {
    const text = await this.feeds.read(token);
    // Set on success only: a refusal stays the JSON error it is.
    res.type('text/calendar; charset=utf-8').setHeader('Cache-Control', 'private, max-age=300');
    return text;
  }
}
