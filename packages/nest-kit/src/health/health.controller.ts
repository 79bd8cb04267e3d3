import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { Public } from '../auth/auth.decorators.js';
import { REDIS } from '../redis/redis.module.js';

type Check = { status: 'up' | 'down'; error?: string };

async function check(run: () => Promise<unknown>): Promise<Check> {
  try {
    await Promise.race([run(), new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 2 s')), 2000))]);
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', error: (error as Error).message };
  }
}

/** Liveness says the process answers; readiness says it can do work (PostgreSQL and Redis answer). */
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get('live')
  @HttpCode(200)
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    const [postgres, redis] = await Promise.all([check(() => this.dataSource.query('SELECT 1')), check(() => this.redis.ping())]);
    const ok = postgres.status === 'up' && redis.status === 'up';
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'unavailable', checks: { postgres, redis } };
  }
}
