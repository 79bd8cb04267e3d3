import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { OptionalAuth, Public, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { CatalogueUseCase } from '../use-cases/catalogue.use-case.js';

const EDIT = { anyOf: ['edit_business_settings', 'edit_calendar'] } as const;

@Controller('api/services')
export class ServicesController {
  constructor(private readonly catalogue: CatalogueUseCase) {}

  /** The open booking API's catalogue: what a client may book online at the location. */
  @Public()
  @Get()
  list(@Query() query: Record<string, string>) {
    return this.catalogue.bookableServices(query);
  }

  /** Public: a service offered online; staff who see services read inactive and in-house ones too. */
  @Public()
  @Get(':id')
  get(@OptionalAuth() auth: AuthContext | null, @Param('id') id: string) {
    return this.catalogue.serviceFor(auth, id);
  }

  @RequirePermission(EDIT)
  @Post()
  create(@Body() body: unknown) {
    return this.catalogue.saveService(null, body);
  }

  @RequirePermission(EDIT)
  @Put(':id')
  update(@Param('id') id: string, @Body() body: unknown) {
    return this.catalogue.saveService(id, body);
  }

  /** Services are never deleted (appointments point at them): they are deactivated. */
  @RequirePermission(EDIT)
  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id') id: string) {
    await this.catalogue.deactivateService(id);
  }
}

@Controller('api')
export class ResourcesController {
  constructor(private readonly catalogue: CatalogueUseCase) {}

  @RequirePermission({ anyOf: ['view_calendar', 'view_services', 'edit_business_settings'] })
  @Get('rooms')
  rooms(@Query() query: Record<string, string>) {
    return this.catalogue.resources('room', query);
  }

  @RequirePermission('edit_business_settings')
  @Post('rooms')
  createRoom(@Body() body: unknown) {
    return this.catalogue.saveResource('room', null, body);
  }

  @RequirePermission('edit_business_settings')
  @Put('rooms/:id')
  updateRoom(@Param('id') id: string, @Body() body: unknown) {
    return this.catalogue.saveResource('room', id, body);
  }

  @RequirePermission({ anyOf: ['view_calendar', 'view_services', 'edit_business_settings'] })
  @Get('devices')
  devices(@Query() query: Record<string, string>) {
    return this.catalogue.resources('device', query);
  }

  @RequirePermission('edit_business_settings')
  @Post('devices')
  createDevice(@Body() body: unknown) {
    return this.catalogue.saveResource('device', null, body);
  }

  @RequirePermission('edit_business_settings')
  @Put('devices/:id')
  updateDevice(@Param('id') id: string, @Body() body: unknown) {
    return this.catalogue.saveResource('device', id, body);
  }
}
