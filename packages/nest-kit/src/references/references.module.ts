import { Global, Module } from '@nestjs/common';
import { PlatformDirectory } from './platform-directory.provider.js';
import { ReferenceCheck } from './reference-check.provider.js';

/** ReferenceCheck for every feature of a service (needs ConfigModule and AuthModule's ServiceToken). */
@Global()
@Module({ providers: [PlatformDirectory, ReferenceCheck], exports: [PlatformDirectory, ReferenceCheck] })
export class ReferencesModule {}
