import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, REDIS, TooManyRequestsError } from '@salon/nest-kit';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { IdentityConfig } from '../../../config.js';

/**
 * Sign-in limits in Redis, shared by every identity replica: every attempt counts against the
 * caller's IP; only failures count against the account (so a victim is not locked out by a
 * correct login elsewhere), and a success clears the account's count.
 */
@Injectable()
export class LoginThrottle {
  private readonly perIp: RateLimiterRedis;
  private readonly perAccount: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: IdentityConfig) {
    const duration = config.LOGIN_WINDOW_SECONDS;
    this.perIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_KEY_PREFIX}login:ip`,
      points: config.LOGIN_MAX_ATTEMPTS_PER_IP,
      duration,
    });
    this.perAccount = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_KEY_PREFIX}login:account`,
      points: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      duration,
    });
  }

  /** Counts this attempt against the IP and refuses if the IP or the account is over its limit. */
  async admit(ip: string, account: string): Promise<void> {
    try {
      await this.perIp.consume(ip);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw this.tooMany(error.msBeforeNext);
      throw error;
    }
    const state = await this.perAccount.get(account);
    if (state && state.consumedPoints >= this.perAccount.points) throw this.tooMany(state.msBeforeNext);
  }

  async recordFailure(account: string): Promise<void> {
    await this.perAccount.penalty(account, 1);
  }

  async recordSuccess(account: string): Promise<void> {
    await this.perAccount.delete(account);
  }

  private tooMany(msBeforeNext: number): TooManyRequestsError {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    return new TooManyRequestsError(`Too many sign-in attempts. Try again in ${seconds} seconds.`, seconds);
  }
}
