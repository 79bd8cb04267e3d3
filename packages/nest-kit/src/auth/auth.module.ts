import { Global, Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TokenService } from '@salon/tokens';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { BaseConfig } from '../config/config.js';
import { REDIS } from '../redis/redis.module.js';
import { AuthGuard } from './auth.guard.js';
import { PermissionGuard } from './permission.guard.js';
import { PermissionResolver } from './permission-resolver.js';
import { ServiceToken } from './service-token.provider.js';
import { UserDirectory } from './user-directory.provider.js';

/**
 * Installs the token check and the permission check on every route and resolver of the service.
 * The service says where permissions come from (identity: its tables; others: identity's snapshot).
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(options: { permissionResolver: Type<PermissionResolver>; imports?: DynamicModule['imports'] }): DynamicModule {
    return {
      module: AuthModule,
      imports: options.imports ?? [],
      providers: [
        {
          provide: TokenService,
          inject: [APP_CONFIG, REDIS],
          useFactory: (config: BaseConfig, redis: Redis) =>
            new TokenService(
              {
                secret: config.JWT_SECRET,
                issuer: config.JWT_ISSUER,
                audience: config.JWT_AUDIENCE,
                ttlSeconds: config.JWT_TTL_SECONDS,
                redisPrefix: config.REDIS_KEY_PREFIX,
              },
              redis,
            ),
        },
        ServiceToken,
        UserDirectory,
        { provide: PermissionResolver, useClass: options.permissionResolver },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: PermissionGuard },
      ],
      exports: [TokenService, ServiceToken, UserDirectory, PermissionResolver],
    };
  }
}
