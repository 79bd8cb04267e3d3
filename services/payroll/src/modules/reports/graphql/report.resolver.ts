import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { RequirePermission } from '@salon/nest-kit';
import { ReportsUseCase } from '../use-cases/reports.use-case.js';
import { DashboardFiguresModel, ReportModel } from './report.model.js';

@Resolver(() => ReportModel)
export class ReportResolver {
  constructor(private readonly reports: ReportsUseCase) {}

  @RequirePermission('view_reports')
  @Query(() => ReportModel, { description: 'Reports over local dates from–to (at most 366 days), one location or all' })
  report(@Args('from') from: string, @Args('to') to: string, @Args('locationId', { type: () => ID, nullable: true }) locationId?: string) {
    return this.reports.report({ from, to, locationId: locationId ?? null });
  }

  @RequirePermission('view_reports')
  @Query(() => DashboardFiguresModel)
  dashboardFigures(@Args('locationId', { type: () => ID, nullable: true }) locationId?: string) {
    return this.reports.dashboard(locationId ?? null);
  }
}
