import { APPOINTMENT_ACTIONS } from '@salon/contracts';
import { Body, Controller, Get, Headers, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import type { Response } from 'express';
import { SEE_A_CALENDAR } from '../domain/calendar-scope.js';
import { AppointmentsUseCase } from '../use-cases/appointments.use-case.js';

@Controller('api/appointments')
export class AppointmentsController {
  constructor(private readonly appointments: AppointmentsUseCase) {}

  /**
   * ?from=&to=[&locationId=&staffId=]; view_own_schedule sees only their own. Answers carry an
   * ETag: a poll sending it back in If-None-Match gets an empty 304 while nothing changed.
   */
  @RequirePermission(SEE_A_CALENDAR)
  @Get()
  async list(
    @CurrentAuth() auth: AuthContext,
    @Query() query: Record<string, string>,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ) {
    const answer = await this.appointments.listIfChanged(auth, query, ifNoneMatch);
    res.setHeader('ETag', answer.etag);
    res.setHeader('Cache-Control', 'private, no-cache');
    if (answer.notModified) res.status(304).end();
    else res.status(200).json(answer.items);
  }

  @RequirePermission(SEE_A_CALENDAR)
  @Get(':id')
  get(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    return this.appointments.getFor(auth, id);
  }

  /** 201 with the appointment, or 409 `{error, alternatives, taken}` naming what was taken. */
  @RequirePermission(APPOINTMENT_ACTIONS.book)
  @Post()
  book(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.appointments.book(auth, body);
  }

  /** Reschedule (startsAt, staffId), resize (endsAt or durationMin), status changes (with cancelReason), notes. */
  @RequirePermission(APPOINTMENT_ACTIONS.change)
  @Patch(':id')
  update(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.appointments.update(auth, id, body);
  }
}
