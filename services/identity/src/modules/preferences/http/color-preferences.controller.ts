import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { ColorPreferencesUseCase } from '../use-cases/color-preferences.use-case.js';

@Controller('api/users/:id/color-preferences')
export class ColorPreferencesController {
  constructor(private readonly preferences: ColorPreferencesUseCase) {}

  @Get()
  get(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    return this.preferences.get(auth, id);
  }

  @Put()
  save(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() body: unknown) {
    return this.preferences.update(auth, id, body);
  }
}
