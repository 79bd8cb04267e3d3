import { Body, Controller, Get, Put } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { BookingDesignUseCase } from '../use-cases/booking-design.use-case.js';

/** Spec §3: /booking-design needs view_business_settings or edit_business_settings; saving needs edit. */
@Controller('api/booking-design')
export class BookingDesignController {
  constructor(private readonly design: BookingDesignUseCase) {}

  @RequirePermission({ anyOf: ['view_business_settings', 'edit_business_settings'] })
  @Get()
  get() {
    return this.design.get();
  }

  @RequirePermission('edit_business_settings')
  @Put()
  save(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.design.save(auth, body);
  }
}
