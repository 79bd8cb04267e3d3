import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, REDIS, TooManyRequestsError } from '@salon/nest-kit';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { IdentityConfig } from '../../../config.js';

/**
 * Recovery limits in Redis. Too many requests from one IP get 429 (that says nothing about any
 * account); too many for one account are answered as usual but not sent, so the answer never
 * tells whether the account exists. An account's share is counted per asking address, so one
 * address asking again and again cannot use up the messages its owner asks for from elsewhere;
 * a total per account bounds what many addresses together can send to one inbox or phone.
 */
@Injectable()
export class RecoveryThrottle {
  private readonly perIp: RateLimiterRedis;
  private readonly perAccountAndIp: RateLimiterRedis;
  private readonly perAccount: RateLimiterRedis;
  private readonly resetsPerIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: IdentityConfig) {
    const duration = config.RECOVERY_WINDOW_SECONDS;
    const prefix = `${config.REDIS_KEY_PREFIX}recovery`;
    this.perIp = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:ip`, points: config.RECOVERY_MAX_PER_IP, duration });
    this.perAccountAndIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:account-ip`,
      points: config.RECOVERY_MAX_PER_ACCOUNT,
      duration,
    });
    this.perAccount = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:account`,
      points: config.RECOVERY_MAX_PER_ACCOUNT_TOTAL,
      duration,
    });
    this.resetsPerIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:reset-ip`,
      points: config.RECOVERY_MAX_PER_IP * 2,
      duration,
    });
  }

  admitRequest(ip: string): Promise<void> {
    return this.consumeOrRefuse(this.perIp, ip, 'Too many recovery requests');
  }

  admitReset(ip: string): Promise<void> {
    return this.consumeOrRefuse(this.resetsPerIp, ip, 'Too many reset attempts');
  }

  /** False once the account has had its share of messages for this address, or in all, in this window. */
  async accountMaySend(userId: string, ip: string): Promise<boolean> {
    try {
      await this.perAccountAndIp.consume(`${ip}|${userId}`);
      await this.perAccount.consume(userId);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }

  private async consumeOrRefuse(limiter: RateLimiterRedis, key: string, what: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new TooManyRequestsError(`${what}. Try again in ${seconds} seconds.`, seconds);
    }
  }
}
