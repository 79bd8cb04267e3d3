import { Injectable } from '@nestjs/common';
import { isUuid, locationInputSchema } from '@salon/contracts';
import { ConflictError, NotFoundError, parseInput, ValidationFailedError } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { defaultLocationProblem, locationStateProblem } from '../domain/location-rules.js';
import type { LocationEntity } from '../persistence/location.entity.js';
import { LocationRepository } from '../persistence/location.repository.js';

@Injectable()
export class LocationsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly locations: LocationRepository,
  ) {}

  list(includeInactive: boolean): Promise<LocationEntity[]> {
    return this.locations.list(includeInactive);
  }

  async get(id: string): Promise<LocationEntity> {
    const location = isUuid(id) ? await this.locations.findById(id) : null;
    if (!location) throw new NotFoundError(`Location ${id} not found`);
    return location;
  }

  /** The first location a business creates becomes its default. */
  async create(input: unknown): Promise<LocationEntity> {
    const values = parseInput(locationInputSchema, input);
    if (!values.name) throw ValidationFailedError.field('name', 'is required');
    return this.dataSource
      .transaction(async (manager) => {
        await this.locations.lockAll(manager);
        const first = (await this.locations.count(manager)) === 0;
        return this.locations.insert(
          {
            name: values.name,
            timeZone: values.timeZone ?? 'America/Chicago',
            address: values.address ?? null,
            phone: values.phone ?? null,
            isActive: first ? true : (values.isActive ?? true),
            isDefault: first,
          },
          manager,
        );
      })
      .catch(rethrowNameClash(values.name));
  }

  async update(id: string, input: unknown): Promise<LocationEntity> {
    const change = parseInput(locationInputSchema, input);
    await this.dataSource
      .transaction(async (manager) => {
        await this.locations.lockAll(manager);
        const location = await this.locations.findById(id, manager);
        if (!location) throw new NotFoundError(`Location ${id} not found`);
        const problem = locationStateProblem(location, change);
        if (problem) throw ValidationFailedError.field('isActive', problem);
        await this.locations.update(id, change, manager);
      })
      .catch(rethrowNameClash(change.name));
    return this.get(id);
  }

  async setDefault(id: string): Promise<LocationEntity> {
    await this.dataSource.transaction(async (manager) => {
      await this.locations.lockAll(manager);
      const location = isUuid(id) ? await this.locations.findById(id, manager) : null;
      if (!location) throw new NotFoundError(`Location ${id} not found`);
      const problem = defaultLocationProblem(location);
      if (problem) throw ValidationFailedError.field('id', problem);
      await this.locations.makeDefault(id, manager);
    });
    return this.get(id);
  }
}

function rethrowNameClash(name: string | undefined) {
  return (error: unknown): never => {
    if ((error as { code?: string }).code === '23505') throw new ConflictError(`A location named ${name} already exists`);
    throw error;
  };
}
