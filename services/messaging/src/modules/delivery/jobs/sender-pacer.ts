import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, REDIS } from '@salon/nest-kit';
import type { Redis } from 'ioredis';
import type { MessagingConfig } from '../../../config.js';

// Reserves the next free send slot of one sender: slots are `interval` apart, on Redis's clock
// (every worker shares it), and the answer is how long the caller must wait for its slot.
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, last + interval)
redis.call('SET', KEYS[1], slot, 'PX', math.ceil(slot - now + interval + 60000))
return slot - now`;

/**
 * Per-sender SMS pacing (SMS_PER_SENDER_PER_SECOND; a US long code takes about one message a
 * second). A slot is reserved, not polled for, so a batch from one sender is spread evenly
 * without its jobs racing each other.
 */
@Injectable()
export class SenderPacer {
  private readonly intervalMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
  ) {
    this.intervalMs = Math.ceil(1000 / config.SMS_PER_SENDER_PER_SECOND);
  }

  /** Milliseconds until this sender's next reserved slot (0: send now). */
  async reserve(sender: string): Promise<number> {
    const key = `${this.config.REDIS_KEY_PREFIX}sms-pace:${sender}`;
    return Number(await this.redis.eval(RESERVE, 1, key, this.intervalMs));
  }
}
