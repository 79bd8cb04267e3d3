import { Body, Controller, Get, Put } from '@nestjs/common';
import { PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { BusinessSettingsUseCase } from '../use-cases/business-settings.use-case.js';

@Controller('api/business-settings')
export class BusinessSettingsController {
  constructor(private readonly settings: BusinessSettingsUseCase) {}

  @Get()
  get(@CurrentAuth() _auth: AuthContext) {
    return this.settings.get();
  }

  @Put()
  @RequirePermission(PERMISSIONS.EDIT_BUSINESS_SETTINGS)
  save(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.settings.update(auth, body);
  }
}
