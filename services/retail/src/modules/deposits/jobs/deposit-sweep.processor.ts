import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, createLogger, IntervalSweep } from '@salon/nest-kit';
import type { RetailConfig } from '../../../config.js';
import { BookingDepositsUseCase } from '../use-cases/booking-deposits.use-case.js';

/** Every minute: deposits still open after their hold's due time are settled from Stripe's word or released. */
@Injectable()
export class DepositSweepProcessor extends IntervalSweep {
  constructor(
    private readonly deposits: BookingDepositsUseCase,
    @Inject(APP_CONFIG) config: RetailConfig,
  ) {
    super(createLogger('retail', config.LOG_LEVEL).child({ component: 'deposit-sweep' }), 'deposit sweep');
  }

  protected sweep(now: Date): Promise<number> {
    return this.deposits.settleStale(now);
  }
}
