import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, createLogger } from '@salon/nest-kit';
import type { SchedulingConfig } from '../../../config.js';
import { VisitorProfilesUseCase } from '../use-cases/visitor-profiles.use-case.js';

/**
 * Every minute: the profiles of visitors' bookings that never committed are discarded (the undo
 * of VisitorProfilesUseCase, for what could not be undone at once). Replicas may all run it:
 * discarding is idempotent at the clients service.
 */
@Injectable()
export class VisitorProfileSweepProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly logger;

  constructor(
    private readonly profiles: VisitorProfilesUseCase,
    @Inject(APP_CONFIG) config: SchedulingConfig,
  ) {
    this.logger = createLogger('scheduling', config.LOG_LEVEL).child({ component: 'visitor-profile-sweep' });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.profiles
        .undoUnbooked(new Date())
        .catch((error) => this.logger.error({ err: error }, 'visitor profile sweep failed'))
        .finally(() => (this.running = null));
    }, 60_000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
