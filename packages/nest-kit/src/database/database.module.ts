import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { MixedList, EntitySchema } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import type { BaseConfig } from '../config/config.js';

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
    };
  }
}
