import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { CurrentAuth, Public, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { ClassEnrolmentsUseCase } from '../use-cases/class-enrolments.use-case.js';
import { ClassSessionsUseCase } from '../use-cases/class-sessions.use-case.js';

// The spec names no class permissions, so classes follow their nearest neighbours: seeing them
// is seeing the calendar or the catalogue; planning them is editing the calendar or the
// business (as for services); the roster is the front desk's booking work; attendance is a
// status change like check-in and no-show.
const VIEW = { anyOf: ['view_calendar', 'view_appointments', 'view_services'] } as const;
const MANAGE = { anyOf: ['edit_calendar', 'edit_business_settings'] } as const;
const ENROL = { anyOf: ['create_appointments', 'edit_appointments'] } as const;
const ATTENDANCE = { anyOf: ['update_appointments', 'edit_appointments'] } as const;

@Controller('api/classes')
export class ClassesController {
  constructor(
    private readonly sessions: ClassSessionsUseCase,
    private readonly enrolments: ClassEnrolmentsUseCase,
  ) {}

  /** For online booking: upcoming scheduled classes with seats left, no roster. */
  @Public()
  @Get('public')
  publicList(@Query() query: Record<string, string>) {
    return this.sessions.publicList(query);
  }

  @RequirePermission(VIEW)
  @Get()
  list(@Query() query: Record<string, string>) {
    return this.sessions.list(query);
  }

  @RequirePermission(VIEW)
  @Get(':id')
  get(@Param('id') id: string) {
    return this.sessions.get(id);
  }

  /** 201 `{seriesId, sessions}`; 409 `{error, details: {conflicts: [{startsAt, reason}]}}` when a date is not free. */
  @RequirePermission(MANAGE)
  @Post()
  create(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.sessions.create(auth, body);
  }

  @RequirePermission(MANAGE)
  @Patch(':id')
  update(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.sessions.update(auth, id, body);
  }

  @RequirePermission(MANAGE)
  @Post(':id/cancel')
  cancel(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.sessions.cancel(auth, id, body);
  }

  /** 201 with the enrolment: `status` enrolled or waitlisted (with `waitlistPosition`). */
  @RequirePermission(ENROL)
  @Post(':id/enrolments')
  enrol(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.enrolments.enrol(auth, id, body);
  }

  /** `{enrolment, promoted}`: who moved up from the waitlist into the freed seat. */
  @RequirePermission(ENROL)
  @Post(':id/enrolments/:enrolmentId/cancel')
  cancelEnrolment(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Param('enrolmentId') enrolmentId: string) {
    return this.enrolments.cancel(auth, id, enrolmentId);
  }

  /** `{status: attended | no-show | enrolled}` once the class has started. */
  @RequirePermission(ATTENDANCE)
  @Patch(':id/enrolments/:enrolmentId')
  attendance(@Param('id') id: string, @Param('enrolmentId') enrolmentId: string, @Body() body: unknown) {
    return this.enrolments.markAttendance(id, enrolmentId, body);
  }
}
