import { Controller, Get, Header, Post, Query, Res } from '@nestjs/common';
import { AdminOnly, RequirePermission } from '@salon/nest-kit';
import type { Response } from 'express';
import { RebuildProjectionsUseCase } from '../use-cases/rebuild-projections.use-case.js';
import { ReportsUseCase } from '../use-cases/reports.use-case.js';

@Controller('api/reports')
export class ReportsController {
  constructor(
    private readonly reports: ReportsUseCase,
    private readonly projections: RebuildProjectionsUseCase,
  ) {}

  @RequirePermission('view_reports')
  @Get()
  report(@Query('from') from?: string, @Query('to') to?: string, @Query('locationId') locationId?: string) {
    return this.reports.report({ from, to, locationId: locationId || null });
  }

  @RequirePermission('view_reports')
  @Get('dashboard')
  dashboard(@Query('locationId') locationId?: string) {
    return this.reports.dashboard(locationId || null);
  }

  @RequirePermission('view_reports')
  @Get('export')
  @Header('Cache-Control', 'no-store')
  async export(
    @Res() res: Response,
    @Query('section') section?: string,
    @Query('from') from?: string,
    @Query('to') to?: string,
    @Query('locationId') locationId?: string,
  ) {
    const { filename, csv } = await this.reports.exportCsv(section, { from, to, locationId: locationId || null });
    res.type('text/csv; charset=utf-8').attachment(filename).send(csv);
  }

  /** Empties the projections and replays the event journal (admins). */
  @AdminOnly()
  @Post('rebuild')
  rebuild() {
    return this.projections.rebuild();
  }
}
