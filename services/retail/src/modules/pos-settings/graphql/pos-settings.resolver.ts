import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { POS_PERMISSIONS } from '@salon/contracts';
import { RequirePermission } from '@salon/nest-kit';
import { given } from '../../../common/graphql-input.js';
import { PosSettingsUseCase } from '../use-cases/pos-settings.use-case.js';
import { PosSettingsInput, PosSettingsModel } from './pos-settings.model.js';

@Resolver(() => PosSettingsModel)
export class PosSettingsResolver {
  constructor(private readonly settings: PosSettingsUseCase) {}

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => PosSettingsModel)
  posSettings(@Args('locationId', { type: () => ID }) locationId: string) {
    return this.settings.get(locationId);
  }

  @RequirePermission('edit_business_settings')
  @Mutation(() => PosSettingsModel)
  savePosSettings(@Args('locationId', { type: () => ID }) locationId: string, @Args('input') input: PosSettingsInput) {
    return this.settings.save(locationId, given(input));
  }
}
