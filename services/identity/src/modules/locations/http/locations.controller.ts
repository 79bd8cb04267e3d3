import { Controller, Get } from '@nestjs/common';
import { CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { LocationsUseCase } from '../use-cases/locations.use-case.js';

/** GET /api/locations?timestamp=… (the timestamp only defeats caches): every location, active or not. */
@Controller('api/locations')
export class LocationsController {
  constructor(private readonly locations: LocationsUseCase) {}

  @Get()
  async list(@CurrentAuth() _auth: AuthContext) {
    const rows = await this.locations.list(true);
    return rows.map(({ id, name, timeZone, isDefault, isActive, address, phone }) => ({ id, name, timeZone, isDefault, isActive, address, phone }));
  }
}
