import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, createLogger, IntervalSweep } from '@salon/nest-kit';
import type { RetailConfig } from '../../../config.js';
import { PrepaidExpiryUseCase } from '../use-cases/prepaid-expiry.use-case.js';

/** Every ten minutes: gift cards and packages past their expiry have what is left taken by an `expired` entry (idempotent). */
@Injectable()
export class PrepaidExpiryProcessor extends IntervalSweep {
  constructor(
    private readonly expiry: PrepaidExpiryUseCase,
    @Inject(APP_CONFIG) config: RetailConfig,
  ) {
    super(createLogger('retail', config.LOG_LEVEL).child({ component: 'prepaid-expiry' }), 'prepaid expiry', 10 * 60_000);
  }

  protected sweep(now: Date): Promise<unknown> {
    return this.expiry.expireDue(now);
  }
}
