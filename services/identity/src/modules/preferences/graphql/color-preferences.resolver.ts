import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { ColorPreferencesUseCase } from '../use-cases/color-preferences.use-case.js';
import { ColorPreferencesInput, ColorPreferencesModel } from './color-preferences.model.js';

@Resolver(() => ColorPreferencesModel)
export class ColorPreferencesResolver {
  constructor(private readonly preferences: ColorPreferencesUseCase) {}

  @Mutation(() => ColorPreferencesModel, { description: "The viewer's own colour preferences" })
  updateColorPreferences(@CurrentAuth() auth: AuthContext, @Args('input') input: ColorPreferencesInput) {
    return this.preferences.update(auth, auth.userId, input);
  }
}
