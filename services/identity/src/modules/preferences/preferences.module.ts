import { Module } from '@nestjs/common';
import { ColorPreferencesResolver } from './graphql/color-preferences.resolver.js';
import { ColorPreferencesController } from './http/color-preferences.controller.js';
import { ColorPreferencesUseCase } from './use-cases/color-preferences.use-case.js';

@Module({
  controllers: [ColorPreferencesController],
  providers: [ColorPreferencesUseCase, ColorPreferencesResolver],
  exports: [ColorPreferencesUseCase],
})
export class PreferencesModule {}
