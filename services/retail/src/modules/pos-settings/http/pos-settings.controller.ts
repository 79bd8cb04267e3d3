import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { POS_PERMISSIONS } from '@salon/contracts';
import { RequirePermission } from '@salon/nest-kit';
import { PosSettingsUseCase } from '../use-cases/pos-settings.use-case.js';

@Controller('api/pos-settings')
export class PosSettingsController {
  constructor(private readonly settings: PosSettingsUseCase) {}

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Get(':locationId')
  get(@Param('locationId') locationId: string) {
    return this.settings.get(locationId);
  }

  @RequirePermission('edit_business_settings')
  @Put(':locationId')
  save(@Param('locationId') locationId: string, @Body() body: unknown) {
    return this.settings.save(locationId, body);
  }
}
