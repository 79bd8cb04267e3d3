import { Controller, Get, Query } from '@nestjs/common';
import { Public } from '@salon/nest-kit';
import { AvailabilityUseCase } from '../use-cases/availability.use-case.js';

@Controller('api/availability')
export class AvailabilityController {
  constructor(private readonly availability: AvailabilityUseCase) {}

  /** Open booking API: ?locationId=&serviceId=&from=&to=[&staffId=] → slots with staff and resources. */
  @Public()
  @Get()
  slots(@Query() query: Record<string, string>) {
    return this.availability.slots(query);
  }
}
