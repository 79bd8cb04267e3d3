import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, createLogger } from '@salon/nest-kit';
import type { PayrollConfig } from '../../../config.js';
import { FlagForgottenShiftsUseCase } from '../use-cases/flag-forgotten-shifts.use-case.js';

/** Every FORGOTTEN_SWEEP_SECONDS (worker process): open shifts past their limit are flagged forgotten. */
@Injectable()
export class ForgottenShiftsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly logger;

  constructor(
    private readonly flag: FlagForgottenShiftsUseCase,
    @Inject(APP_CONFIG) private readonly config: PayrollConfig,
  ) {
    this.logger = createLogger('payroll', config.LOG_LEVEL).child({ component: 'forgotten-shifts' });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.config.FORGOTTEN_SWEEP_SECONDS * 1000);
    this.timer.unref();
  }

  /** One sweep (skipped while the last one still runs). */
  tick(): Promise<unknown> {
    if (this.running) return this.running;
    this.running = this.flag
      .sweep()
      .then((n) => n > 0 && this.logger.info({ flagged: n }, 'forgotten shifts flagged'))
      .catch((error) => this.logger.error({ err: error }, 'forgotten shift sweep failed'))
      .finally(() => (this.running = null));
    return this.running;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
