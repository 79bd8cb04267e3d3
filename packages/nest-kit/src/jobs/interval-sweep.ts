import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';

/**
 * A sweep run on a timer in every replica (each run must be idempotent): never two runs at once in
 * one process, a failure logged and retried on the next tick, and shutdown waits for the run under
 * way. A provider extends it and says what one run does.
 */
export abstract class IntervalSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  protected constructor(
    private readonly logger: Logger,
    private readonly what: string,
    private readonly everyMs = 60_000,
  ) {}

  protected abstract sweep(now: Date): Promise<unknown>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep(new Date())
        .catch((error: unknown) => this.logger.error({ err: error }, `${this.what} failed`))
        .finally(() => (this.running = null));
    }, this.everyMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
