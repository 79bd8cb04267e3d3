import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { RequirePermission } from '@salon/nest-kit';
import { PayRulesUseCase } from '../use-cases/pay-rules.use-case.js';

@Controller('api/pay-rules')
export class PayRulesController {
  constructor(private readonly rules: PayRulesUseCase) {}

  /** A person reads their own rules; anyone else's needs manage_payroll (checked in the use-case). */
  @Get(':id')
  list(@CurrentAuth() auth: AuthContext, @Param('id') staffId: string) {
    return this.rules.list(auth, staffId);
  }

  @RequirePermission('manage_payroll')
  @Post(':id')
  add(@CurrentAuth() auth: AuthContext, @Param('id') staffId: string, @Body() body: unknown) {
    return this.rules.add(auth, staffId, body);
  }
}
