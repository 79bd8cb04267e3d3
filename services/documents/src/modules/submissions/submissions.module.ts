import { Module } from '@nestjs/common';
import { ReaderProvider } from '../../common/reader.provider.js';
import { PublicFormsController } from './http/public-forms.controller.js';
import { SubmissionsController } from './http/submissions.controller.js';
import { BusinessDirectory } from './persistence/business-directory.provider.js';
import { SubmissionPdfRenderer } from './persistence/submission-pdf.provider.js';
import { SubmissionsUseCase } from './use-cases/submissions.use-case.js';
import { SubmitFormUseCase } from './use-cases/submit-form.use-case.js';

@Module({
  // The public routes first: /api/forms/public/{id} is not a form id.
  controllers: [PublicFormsController, SubmissionsController],
  providers: [SubmissionsUseCase, SubmitFormUseCase, BusinessDirectory, SubmissionPdfRenderer, ReaderProvider],
  exports: [SubmissionsUseCase, SubmitFormUseCase, BusinessDirectory, ReaderProvider],
})
export class SubmissionsModule {}
