import { Module } from '@nestjs/common';
import { AppointmentsModule } from '../appointments/appointments.module.js';
import { AppointmentDepositResolver } from './graphql/appointment-deposit.resolver.js';
import { AppointmentDepositsController } from './http/appointment-deposits.controller.js';
import { DepositHoldSweepProcessor } from './jobs/deposit-hold-sweep.processor.js';
import { AppointmentDepositRepository } from './persistence/appointment-deposit.repository.js';
import { AppointmentDepositsUseCase } from './use-cases/appointment-deposits.use-case.js';

/** Online booking deposits: the held time, paid or released (retail takes the money). */
@Module({
  imports: [AppointmentsModule],
  controllers: [AppointmentDepositsController],
  providers: [AppointmentDepositRepository, AppointmentDepositsUseCase, AppointmentDepositResolver, DepositHoldSweepProcessor],
  exports: [AppointmentDepositsUseCase],
})
export class DepositsModule {}
