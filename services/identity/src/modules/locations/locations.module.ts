import { Module } from '@nestjs/common';
import { LocationResolver } from './graphql/location.resolver.js';
import { LocationsController } from './http/locations.controller.js';
import { LocationsUseCase } from './use-cases/locations.use-case.js';

@Module({
  controllers: [LocationsController],
  providers: [LocationsUseCase, LocationResolver],
  exports: [LocationsUseCase],
})
export class LocationsModule {}
