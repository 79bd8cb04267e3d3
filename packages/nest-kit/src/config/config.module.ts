import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { BaseConfig } from './config.js';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Makes the service's parsed configuration injectable as APP_CONFIG everywhere. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot<C extends BaseConfig>(config: C): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
