import { Controller, Get } from '@nestjs/common';
import { CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { toLocationView } from '../persistence/location.repository.js';
import { LocationsUseCase } from '../use-cases/locations.use-case.js';

/** GET /api/locations?timestamp=… (the timestamp only defeats caches): every location, active or not. */
@Controller('api/locations')
export class LocationsController {
  constructor(private readonly locations: LocationsUseCase) {}

  @Get()
  async list(@CurrentAuth() _auth: AuthContext) {
    return (await this.locations.list(true)).map(toLocationView);
  }
}
