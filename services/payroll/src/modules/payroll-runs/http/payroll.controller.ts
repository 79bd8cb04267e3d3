import { Body, Controller, Get, Header, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import type { Response } from 'express';
import { PayrollRunsUseCase } from '../use-cases/payroll-runs.use-case.js';

@Controller('api/payroll')
export class PayrollController {
  constructor(private readonly runs: PayrollRunsUseCase) {}

  @RequirePermission('manage_payroll')
  @Get('settings')
  settings() {
    return this.runs.settings();
  }

  @RequirePermission('manage_payroll')
  @Put('settings')
  saveSettings(@Body() body: unknown) {
    return this.runs.saveSettings(body);
  }

  @RequirePermission('manage_payroll')
  @Get('runs')
  list() {
    return this.runs.list();
  }

  @RequirePermission('manage_payroll')
  @Post('runs')
  draft(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    return this.runs.draft(auth, body);
  }

  @RequirePermission('manage_payroll')
  @Get('runs/:id')
  get(@Param('id') id: string) {
    return this.runs.get(id);
  }

  @RequirePermission('manage_payroll')
  @Get('runs/:id/lines')
  lines(@Param('id') id: string, @Query('staffId') staffId?: string) {
    return this.runs.lines(id, staffId ?? null);
  }

  @RequirePermission('manage_payroll')
  @Post('runs/:id/finalise')
  finalise(@CurrentAuth() auth: AuthContext, @Param('id') id: string) {
    return this.runs.finalise(auth, id);
  }

  @RequirePermission('manage_payroll')
  @Get('runs/:id/export')
  @Header('Cache-Control', 'no-store')
  async export(@Param('id') id: string, @Query('by') by: string | undefined, @Res() res: Response) {
    const { filename, csv } = await this.runs.exportCsv(id, by);
    res.type('text/csv; charset=utf-8').attachment(filename).send(csv);
  }

  /** The caller's own history, or (manage_payroll) anyone's. */
  @Get('history')
  history(@CurrentAuth() auth: AuthContext, @Query('staffId') staffId?: string) {
    return this.runs.history(auth, staffId);
  }
}

@Controller('api/staff')
export class StaffEarningsController {
  constructor(private readonly runs: PayrollRunsUseCase) {}

  /** A person's earning lines (drafted and finalised runs) between two local dates; their own, or anyone's with manage_payroll. */
  @Get(':id/earnings')
  earnings(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Query('from') from?: string, @Query('to') to?: string) {
    return this.runs.earnings(auth, id, from, to);
  }
}
