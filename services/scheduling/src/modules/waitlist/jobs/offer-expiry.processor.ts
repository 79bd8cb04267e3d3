import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, createLogger } from '@salon/nest-kit';
import type { SchedulingConfig } from '../../../config.js';
import { WaitlistUseCase } from '../use-cases/waitlist.use-case.js';

/**
 * Every WAITLIST_SWEEP_SECONDS: lapsed offers expire and their time passes to the next entry.
 * Replicas may all run it: the use-case locks due offers with SKIP LOCKED.
 */
@Injectable()
export class OfferExpiryProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly logger;

  constructor(
    private readonly waitlist: WaitlistUseCase,
    @Inject(APP_CONFIG) private readonly config: SchedulingConfig,
  ) {
    this.logger = createLogger('scheduling', config.LOG_LEVEL).child({ component: 'waitlist-expiry' });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.waitlist
        .expireDue(new Date())
        .catch((error) => this.logger.error({ err: error }, 'waitlist offer sweep failed'))
        .finally(() => (this.running = null));
    }, this.config.WAITLIST_SWEEP_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
