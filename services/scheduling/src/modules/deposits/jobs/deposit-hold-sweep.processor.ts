import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, createLogger, IntervalSweep } from '@salon/nest-kit';
import type { SchedulingConfig } from '../../../config.js';
import { AppointmentDepositsUseCase } from '../use-cases/appointment-deposits.use-case.js';

/** Every minute: times held for a deposit that was not paid by its due time are released. Idempotent on every replica. */
@Injectable()
export class DepositHoldSweepProcessor extends IntervalSweep {
  constructor(
    private readonly deposits: AppointmentDepositsUseCase,
    @Inject(APP_CONFIG) config: SchedulingConfig,
  ) {
    super(createLogger('scheduling', config.LOG_LEVEL).child({ component: 'deposit-hold-sweep' }), 'deposit hold sweep');
  }

  protected sweep(now: Date): Promise<number> {
    return this.deposits.releaseOverdue(now);
  }
}
