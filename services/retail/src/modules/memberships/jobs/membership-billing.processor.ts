import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, createLogger, IntervalSweep } from '@salon/nest-kit';
import type { RetailConfig } from '../../../config.js';
import { MembershipBillingUseCase } from '../use-cases/membership-billing.use-case.js';

/** Every five minutes: subscriptions a sale marked but could not make at once (Stripe unreachable) are made (idempotent). */
@Injectable()
export class MembershipBillingProcessor extends IntervalSweep {
  constructor(
    private readonly billing: MembershipBillingUseCase,
    @Inject(APP_CONFIG) config: RetailConfig,
  ) {
    super(createLogger('retail', config.LOG_LEVEL).child({ component: 'membership-billing' }), 'membership billing', 5 * 60_000);
  }

  protected sweep(now: Date): Promise<unknown> {
    return this.billing.startPending(now);
  }
}
