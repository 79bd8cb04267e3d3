import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { BusinessSettingsUseCase } from '../use-cases/business-settings.use-case.js';
import { BusinessSettingsInput, BusinessSettingsModel } from './business-settings.model.js';

@Resolver(() => BusinessSettingsModel)
export class BusinessSettingsResolver {
  constructor(private readonly settings: BusinessSettingsUseCase) {}

  @Query(() => BusinessSettingsModel)
  businessSettings(@CurrentAuth() _auth: AuthContext) {
    return this.settings.get();
  }

  @RequirePermission(PERMISSIONS.EDIT_BUSINESS_SETTINGS)
  @Mutation(() => BusinessSettingsModel)
  updateBusinessSettings(@CurrentAuth() auth: AuthContext, @Args('input') input: BusinessSettingsInput) {
    return this.settings.update(auth, input);
  }
}
