import { Global, Module } from '@nestjs/common';
import { FileStore, S3FileStore } from './persistence/file-store.provider.js';

/** The file store for every feature (submissions' signatures, files and PDFs; documents). */
@Global()
@Module({ providers: [{ provide: FileStore, useClass: S3FileStore }], exports: [FileStore] })
export class StorageModule {}
