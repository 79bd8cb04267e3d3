import { Injectable, Module, type DynamicModule, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type MixedList, type EntitySchema } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { BaseConfig } from '../config/config.js';
import { watchPool } from '../telemetry/metrics.js';

/** Reports the DataSource's pg pool in `db_pool_connections`, read at scrape time. */
@Injectable()
export class DatabasePoolMetrics implements OnModuleInit, OnModuleDestroy {
  private unwatch: (() => void) | null = null;
  constructor(private readonly dataSource: DataSource) {}
  onModuleInit() {
    const ds = this.dataSource;
    const name = String((ds.options as { database?: string }).database ?? 'default');
    this.unwatch = watchPool(() => {
      const pool = (
        ds.driver as unknown as { master?: { totalCount: number; idleCount: number; waitingCount: number; options?: { max?: number } } }
      ).master;
      if (!ds.isInitialized || !pool) return null;
      return {
        name,
        totalCount: pool.totalCount,
        idleCount: pool.idleCount,
        waitingCount: pool.waitingCount,
        max: pool.options?.max ?? 10,
      };
    });
  }
  onModuleDestroy() {
    this.unwatch?.();
  }
}

export interface DatabaseOptions {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/** The service's own PostgreSQL database: migrations only, never synchronize (DESIGN §5). */
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: BaseConfig) => ({
            type: 'postgres' as const,
            url: config.DATABASE_URL,
            entities: options.entities,
            migrations: options.migrations,
            synchronize: false,
            migrationsRun: false,
            extra: { max: 10, application_name: config.JWT_ISSUER },
          }),
        }),
      ],
      providers: [DatabasePoolMetrics],
    };
  }
}
