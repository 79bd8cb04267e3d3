import { Module } from '@nestjs/common';
import { RecordSalesUseCase } from '../sales/use-cases/record-sales.use-case.js';
import { ReportResolver } from './graphql/report.resolver.js';
import { ReportsController } from './http/reports.controller.js';
import { RebuildProjectionsUseCase } from './use-cases/rebuild-projections.use-case.js';
import { ReportsUseCase } from './use-cases/reports.use-case.js';

/** Reports and the dashboard's figures over the projections; the projections' rebuild from the event journal. */
@Module({
  controllers: [ReportsController],
  providers: [ReportsUseCase, ReportResolver, RecordSalesUseCase, RebuildProjectionsUseCase],
})
export class ReportsModule {}
