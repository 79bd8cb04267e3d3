import { Controller, Get, Query } from '@nestjs/common';
import { CurrentAuth, Public, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { SEE_A_CALENDAR } from '../../appointments/domain/calendar-scope.js';
import { AvailabilityUseCase } from '../use-cases/availability.use-case.js';
import { VisitAvailabilityUseCase } from '../use-cases/visit-availability.use-case.js';

@Controller('api/availability')
export class AvailabilityController {
  constructor(
    private readonly availability: AvailabilityUseCase,
    private readonly visits: VisitAvailabilityUseCase,
  ) {}

  /**
   * Open booking API: ?locationId=&serviceId=&from=&to=[&staffId=] → slots with staff and resources;
   * ?serviceIds=a,b[&staffIds=x,y] → slots of a multi-service visit, each with its segments.
   */
  @Public()
  @Get()
  slots(@Query() query: Record<string, string>) {
    return query.serviceIds !== undefined ? this.visits.slots(query) : this.availability.slots(query);
  }

  /** The calendar's shading: ?locationId=&from=&to=[&staffIds=a,b] → per staff, when they cannot be booked and why. */
  @RequirePermission(SEE_A_CALENDAR)
  @Get('unavailable')
  unavailable(@CurrentAuth() auth: AuthContext, @Query() query: Record<string, string>) {
    return this.availability.unavailable(auth, query);
  }
}
