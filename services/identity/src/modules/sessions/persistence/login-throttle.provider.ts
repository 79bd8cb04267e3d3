import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, REDIS, TooManyRequestsError } from '@salon/nest-kit';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { IdentityConfig } from '../../../config.js';
import { closedToUnknownAddresses, delayAfterFailures, type LoginDelayPolicy } from '../domain/login-delay.rules.js';

/**
 * Sign-in limits in Redis, shared by every identity replica (the rules: login-delay.rules.ts).
 * `account` is the e-mail as typed, so an account that does not exist is throttled the same way.
 */
@Injectable()
export class LoginThrottle {
  /** Every attempt, per address. */
  private readonly perAddress: RateLimiterRedis;
  /** Failures in a row of one address for one account. */
  private readonly pairFailures: RateLimiterRedis;
  /** The wait an address is serving for one account. */
  private readonly pairWaits: RateLimiterRedis;
  /** Distinct addresses that failed for an account (a pair's first failure counts one). */
  private readonly failingAddresses: RateLimiterRedis;
  /** Addresses an account signed in from. */
  private readonly knownAddresses: RateLimiterRedis;
  private readonly policy: LoginDelayPolicy;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
  ) {
    const prefix = `${config.REDIS_KEY_PREFIX}login`;
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:${name}`, points, duration });
    this.perAddress = limiter('ip', config.LOGIN_MAX_ATTEMPTS_PER_IP, config.LOGIN_WINDOW_SECONDS);
    this.pairFailures = limiter('pair-failures', Number.MAX_SAFE_INTEGER, config.LOGIN_FAILURE_MEMORY_SECONDS);
    this.pairWaits = limiter('pair-wait', 1, 1);
    this.failingAddresses = limiter('account-addresses', config.LOGIN_MAX_FAILING_ADDRESSES_PER_ACCOUNT, config.LOGIN_WINDOW_SECONDS);
    this.knownAddresses = limiter('known', 1, config.LOGIN_KNOWN_ADDRESS_DAYS * 86_400);
    this.policy = {
      freeFailures: config.LOGIN_FREE_FAILURES,
      baseDelaySeconds: config.LOGIN_BASE_DELAY_SECONDS,
      maxDelaySeconds: config.LOGIN_MAX_DELAY_SECONDS,
    };
  }

  /**
   * Counts this attempt against the address and refuses, before any password is checked, if the
   * address is over its limit, is waiting after failures for this account, or the account is
   * closed to addresses it does not know.
   */
  async admit(ip: string, account: string): Promise<void> {
    try {
      await this.perAddress.consume(ip);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw this.tooMany(error.msBeforeNext);
      throw error;
    }
    const pair = pairKey(ip, account);
    const [wait, failing] = await Promise.all([this.pairWaits.get(pair), this.failingAddresses.get(account)]);
    if (wait && wait.consumedPoints > this.pairWaits.points) throw this.tooMany(wait.msBeforeNext);
    if (failing && closedToUnknownAddresses(failing.consumedPoints, this.config.LOGIN_MAX_FAILING_ADDRESSES_PER_ACCOUNT)) {
      if (!(await this.knownAddresses.get(pair))) throw this.tooMany(failing.msBeforeNext);
    }
  }

  async recordFailure(ip: string, account: string): Promise<void> {
    const pair = pairKey(ip, account);
    const failures = (await this.pairFailures.penalty(pair, 1)).consumedPoints;
    if (failures === 1) await this.failingAddresses.penalty(account, 1);
    const delay = delayAfterFailures(failures, this.policy);
    if (delay > 0) await this.pairWaits.block(pair, delay);
  }

  /** The address is the owner's: its failures are forgotten and it stays known to the account. */
  async recordSuccess(ip: string, account: string): Promise<void> {
    const pair = pairKey(ip, account);
    await Promise.all([this.pairFailures.delete(pair), this.knownAddresses.set(pair, 1, this.config.LOGIN_KNOWN_ADDRESS_DAYS * 86_400)]);
  }

  private tooMany(msBeforeNext: number): TooManyRequestsError {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    return new TooManyRequestsError(`Too many sign-in attempts. Try again in ${seconds} seconds.`, seconds);
  }
}

/** Addresses hold no '|', so no two (address, account) pairs share a key. */
const pairKey = (ip: string, account: string) => `${ip}|${account}`;
