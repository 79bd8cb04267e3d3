import { Args, ID, Mutation, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { AdminOnly, CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { LocationsUseCase } from '../use-cases/locations.use-case.js';
import { LocationInput, LocationModel } from './location.model.js';

@Resolver(() => LocationModel)
export class LocationResolver {
  constructor(private readonly locationsUseCase: LocationsUseCase) {}

  @Query(() => [LocationModel])
  locations(
    @CurrentAuth() _auth: AuthContext,
    @Args('includeInactive', { type: () => Boolean, nullable: true }) includeInactive?: boolean,
  ) {
    return this.locationsUseCase.list(includeInactive ?? false);
  }

  // The rule of `locations` and GET /api/locations: every signed-in caller (the auth guard runs on
  // references too), so the reference reads no more than the list does.
  @ResolveReference()
  resolveReference(reference: { id: string }) {
    return this.locationsUseCase.get(reference.id);
  }

  @AdminOnly()
  @Mutation(() => LocationModel, { description: "The business's first location becomes its default" })
  createLocation(@Args('input') input: LocationInput) {
    return this.locationsUseCase.create(input);
  }

  @AdminOnly()
  @Mutation(() => LocationModel)
  updateLocation(@Args('id', { type: () => ID }) id: string, @Args('input') input: LocationInput) {
    return this.locationsUseCase.update(id, input);
  }

  @AdminOnly()
  @Mutation(() => LocationModel)
  setDefaultLocation(@Args('id', { type: () => ID }) id: string) {
    return this.locationsUseCase.setDefault(id);
  }
}
