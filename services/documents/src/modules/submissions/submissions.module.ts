import { Module } from '@nestjs/common';
import { ReaderProvider } from '../../common/reader.provider.js';
import { FormLinksModule } from '../form-links/form-links.module.js';
import { SendFormLinksUseCase } from '../form-links/use-cases/send-form-links.use-case.js';
import { PublicFormsController } from './http/public-forms.controller.js';
import { SubmissionsController } from './http/submissions.controller.js';
import { BusinessDirectory } from './persistence/business-directory.provider.js';
import { SubmissionPdfRenderer } from './persistence/submission-pdf.provider.js';
import { SubmissionRateLimit } from './persistence/submission-rate-limit.provider.js';
import { SubmissionsUseCase } from './use-cases/submissions.use-case.js';
import { SubmitFormUseCase } from './use-cases/submit-form.use-case.js';

@Module({
  imports: [FormLinksModule],
  // The public routes first: /api/forms/public/{id} is not a form id.
  controllers: [PublicFormsController, SubmissionsController],
  providers: [
    SendFormLinksUseCase,
    SubmissionsUseCase,
    SubmitFormUseCase,
    BusinessDirectory,
    SubmissionPdfRenderer,
    SubmissionRateLimit,
    ReaderProvider,
  ],
  exports: [SendFormLinksUseCase, SubmissionsUseCase, SubmitFormUseCase, BusinessDirectory, ReaderProvider],
})
export class SubmissionsModule {}
