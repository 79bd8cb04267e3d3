import { Module } from '@nestjs/common';
import { BusinessSettingsResolver } from './graphql/business-settings.resolver.js';
import { BusinessSettingsController } from './http/business-settings.controller.js';
import { BusinessSettingsUseCase } from './use-cases/business-settings.use-case.js';

@Module({
  controllers: [BusinessSettingsController],
  providers: [BusinessSettingsUseCase, BusinessSettingsResolver],
})
export class BusinessSettingsModule {}
