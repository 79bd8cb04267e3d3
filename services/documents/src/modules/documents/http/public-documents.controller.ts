import { Controller, Get, Param, Redirect } from '@nestjs/common';
import { Public } from '@salon/nest-kit';
import { DocumentsUseCase } from '../use-cases/documents.use-case.js';

/** `/documents/{id}` without a session: a shared document while its link is live; 404 once revoked or expired. */
@Public()
@Controller('api/documents/public')
export class PublicDocumentsController {
  constructor(private readonly documents: DocumentsUseCase) {}

  @Get(':publicId')
  document(@Param('publicId') publicId: string) {
    return this.documents.publicDocument(publicId, new Date());
  }

  /** Redirects to a short-lived storage link. */
  @Get(':publicId/download')
  @Redirect()
  async download(@Param('publicId') publicId: string) {
    return { url: await this.documents.publicDownload(publicId, new Date()), statusCode: 302 };
  }
}
