import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequirePermission } from '@salon/nest-kit';
import { CatalogueUseCase } from '../use-cases/catalogue.use-case.js';
import { ResourceInput, ResourceModel, ServiceInput, ServiceModel } from './service.model.js';

const READ = { anyOf: ['view_services', 'view_calendar', 'edit_calendar', 'edit_business_settings', 'view_business_settings'] } as const;
const EDIT = { anyOf: ['edit_business_settings', 'edit_calendar'] } as const;

const given = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

@Resolver(() => ServiceModel)
export class ServiceResolver {
  constructor(private readonly catalogue: CatalogueUseCase) {}

  // view_business_settings too: /booking-design lists what may be offered online (GET /api/services, public, shows the bookable ones).
  @RequirePermission(READ)
  @Query(() => [ServiceModel])
  services(
    @Args('locationId', { type: () => ID, nullable: true }) locationId?: string,
    @Args('includeInactive', { type: () => Boolean, nullable: true }) includeInactive?: boolean,
  ) {
    return this.catalogue.services({ locationId: locationId ?? undefined }, includeInactive ?? false);
  }

  /** One service, inactive or not offered online included (the public GET /api/services/{id} shows only what is bookable). */
  @RequirePermission(READ)
  @Query(() => ServiceModel)
  service(@Args('id', { type: () => ID }) id: string) {
    return this.catalogue.service(id);
  }

  /** Create (no id) or replace a service, like POST and PUT /api/services. */
  @RequirePermission(EDIT)
  @Mutation(() => ServiceModel)
  saveService(@Args('id', { type: () => ID, nullable: true }) id: string | null, @Args('input') input: ServiceInput) {
    return this.catalogue.saveService(id ?? null, given(input));
  }

  /** Services are never deleted (appointments point at them): they are deactivated. */
  @RequirePermission(EDIT)
  @Mutation(() => Boolean)
  async deactivateService(@Args('id', { type: () => ID }) id: string) {
    await this.catalogue.deactivateService(id);
    return true;
  }

  @RequirePermission({ anyOf: ['view_calendar', 'view_services', 'edit_business_settings'] })
  @Query(() => [ResourceModel])
  rooms(@Args('locationId', { type: () => ID, nullable: true }) locationId?: string) {
    return this.catalogue.resources('room', { locationId: locationId ?? undefined });
  }

  @RequirePermission({ anyOf: ['view_calendar', 'view_services', 'edit_business_settings'] })
  @Query(() => [ResourceModel])
  devices(@Args('locationId', { type: () => ID, nullable: true }) locationId?: string) {
    return this.catalogue.resources('device', { locationId: locationId ?? undefined });
  }

  /** Create (no id) or update a room; CONFLICT when the name is already used at the location. */
  @RequirePermission('edit_business_settings')
  @Mutation(() => ResourceModel)
  saveRoom(@Args('id', { type: () => ID, nullable: true }) id: string | null, @Args('input') input: ResourceInput) {
    return this.catalogue.saveResource('room', id ?? null, given(input));
  }

  @RequirePermission('edit_business_settings')
  @Mutation(() => ResourceModel)
  saveDevice(@Args('id', { type: () => ID, nullable: true }) id: string | null, @Args('input') input: ResourceInput) {
    return this.catalogue.saveResource('device', id ?? null, given(input));
  }
}
