import { Module, type MiddlewareConsumer, type NestModule, RequestMethod } from '@nestjs/common';
import { DOCUMENT_MAX_BYTES } from '@salon/contracts';
import express from 'express';
import { SubmissionsModule } from '../submissions/submissions.module.js';
import { DocumentsController } from './http/documents.controller.js';
import { DocumentResolver } from './graphql/document.resolver.js';
import { PublicDocumentsController } from './http/public-documents.controller.js';
import { DocumentsUseCase } from './use-cases/documents.use-case.js';

@Module({
  imports: [SubmissionsModule],
  // The public controller first: /api/documents/public/{id} must not be read as a document id.
  controllers: [PublicDocumentsController, DocumentsController],
  providers: [DocumentsUseCase, DocumentResolver],
  exports: [DocumentsUseCase],
})
export class DocumentsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // An upload's body is the file itself, any type: the use-case sniffs what it really is.
    consumer
      .apply(express.raw({ type: () => true, limit: DOCUMENT_MAX_BYTES + 1 }))
      .forRoutes({ path: 'api/documents', method: RequestMethod.POST });
  }
}
