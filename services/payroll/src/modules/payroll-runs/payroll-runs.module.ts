import { Access } from '../../common/access.provider.js';
import { Module } from '@nestjs/common';
import { TimeClockModule } from '../time-clock/time-clock.module.js';
import { PayrollRunResolver } from './graphql/payroll-run.resolver.js';
import { PayrollController, StaffEarningsController } from './http/payroll.controller.js';
import { PayrollRunsUseCase } from './use-cases/payroll-runs.use-case.js';

@Module({
  imports: [TimeClockModule],
  controllers: [PayrollController, StaffEarningsController],
  providers: [Access, PayrollRunsUseCase, PayrollRunResolver],
})
export class PayrollRunsModule {}
