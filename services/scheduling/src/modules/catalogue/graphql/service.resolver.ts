import { Args, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { RequirePermission } from '@salon/nest-kit';
import { CatalogueUseCase } from '../use-cases/catalogue.use-case.js';

@ObjectType('ServiceProcessing')
export class ServiceProcessingModel {
  @Field(() => Int) startAfterMin: number;
  @Field(() => Int) durationMin: number;
}

@ObjectType('ServiceStaffOverride')
export class ServiceStaffModel {
  @Field(() => ID) staffId: string;
  @Field(() => Int, { nullable: true }) durationMin: number | null;
  @Field(() => Int, { nullable: true }) priceMinor: number | null;
}

@ObjectType('Service')
export class ServiceModel {
  @Field(() => ID) id: string;
  @Field(() => ID) locationId: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) category: string | null;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => Int) durationMin: number;
  @Field(() => Int, { description: 'Minor units (cents)' }) priceMinor: number;
  @Field() currency: string;
  @Field(() => Int) bufferBeforeMin: number;
  @Field(() => Int) bufferAfterMin: number;
  @Field(() => ServiceProcessingModel, { nullable: true }) processing: ServiceProcessingModel | null;
  @Field(() => String, { nullable: true }) roomType: string | null;
  @Field(() => [String]) deviceTypes: string[];
  @Field() onlineBookable: boolean;
  @Field() active: boolean;
  @Field(() => [ServiceStaffModel]) staff: ServiceStaffModel[];
  @Field(() => Int) version: number;
}

@ObjectType('Resource')
export class ResourceModel {
  @Field(() => ID) id: string;
  @Field() kind: string;
  @Field(() => ID) locationId: string;
  @Field() name: string;
  @Field() type: string;
  @Field(() => Int) capacity: number;
  @Field() active: boolean;
}

@InputType()
export class ResourceInput {
  @Field(() => ID) locationId: string;
  @Field() name: string;
  @Field() type: string;
  @Field(() => Int, { nullable: true, description: 'Places (default 1)' }) capacity?: number;
  @Field(() => Boolean, { nullable: true }) active?: boolean;
}

const given = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

@Resolver(() => ServiceModel)
export class ServiceResolver {
  constructor(private readonly catalogue: CatalogueUseCase) {}

  // view_business_settings too: /booking-design lists what may be offered online (GET /api/services, public, shows the bookable ones).
  @RequirePermission({ anyOf: ['view_services', 'view_calendar', 'edit_business_settings', 'view_business_settings'] })
  @Query(() => [ServiceModel])
  services(
    @Args('locationId', { type: () => ID, nullable: true }) locationId?: string,
    @Args('includeInactive', { type: () => Boolean, nullable: true }) includeInactive?: boolean,
  ) {
    return this.catalogue.services({ locationId: locationId ?? undefined }, includeInactive ?? false);
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
