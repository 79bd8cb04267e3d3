import { Module } from '@nestjs/common';
import { PosSettingsResolver } from './graphql/pos-settings.resolver.js';
import { PosSettingsController } from './http/pos-settings.controller.js';
import { PosSettingsUseCase } from './use-cases/pos-settings.use-case.js';

@Module({
  controllers: [PosSettingsController],
  providers: [PosSettingsUseCase, PosSettingsResolver],
  exports: [PosSettingsUseCase],
})
export class PosSettingsModule {}
