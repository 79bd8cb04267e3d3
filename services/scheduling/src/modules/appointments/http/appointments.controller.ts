import { Body, Controller, Get, Param, Patch, Post, Query, UseFilters } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { BookingConflictFilter } from '../../../common/booking-conflict.filter.js';
import { AppointmentsUseCase } from '../use-cases/appointments.use-case.js';

@Controller('api/appointments')
@UseFilters(BookingConflictFilter)
export class AppointmentsController {
  constructor(private readonly appointments: AppointmentsUseCase) {}

  @RequirePermission({ anyOf: ['view_appointments', 'view_calendar'] })
  @Get()
  list(@Query() query: Record<string, string>) {
    return this.appointments.list(query);
  }

  @RequirePermission({ anyOf: ['view_appointments', 'view_calendar'] })
  @Get(':id')
  get(@Param('id') id: string) {
    return this.appointments.get(id);
  }

  /** 201 with the appointment, or 409 `{error, alternatives, taken}` naming what was taken. */
  @RequirePermission('create_appointments')
  @Post()
  book(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.appointments.book(auth, body);
  }

  /** Reschedule (startsAt, staffId), status changes (with cancelReason), notes. */
  @RequirePermission({ anyOf: ['edit_appointments', 'update_appointments'] })
  @Patch(':id')
  update(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.appointments.update(auth, id, body);
  }
}
