import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, REDIS, TooManyRequestsError } from '@salon/nest-kit';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { DocumentsConfig } from '../../../config.js';

/**
 * The public form's submissions per network address and hour (FORM_SUBMISSIONS_PER_IP_PER_HOUR), as
 * online booking limits bookings: each one renders a PDF and stores files, so a flood is refused
 * before any of that, whether its body is valid or not.
 */
@Injectable()
export class SubmissionRateLimit {
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: DocumentsConfig) {
    this.perIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_KEY_PREFIX}form-submissions:ip`,
      points: config.FORM_SUBMISSIONS_PER_IP_PER_HOUR,
      duration: 3600,
    });
  }

  async admit(ip: string): Promise<void> {
    try {
      await this.perIp.consume(ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new TooManyRequestsError(
        'Too many forms sent from this network in the last hour; please try again later or ask the salon to help',
        Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      );
    }
  }

  /** Forgets an address's count (tests). */
  async reset(ip: string): Promise<void> {
    await this.perIp.delete(ip);
  }
}
