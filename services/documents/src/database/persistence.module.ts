import { Global, Module } from '@nestjs/common';
import { DocumentRepository } from '../modules/documents/persistence/document.repository.js';
import { FormRepository } from '../modules/forms/persistence/form.repository.js';
import { SubmissionRepository } from '../modules/submissions/persistence/submission.repository.js';

const REPOSITORIES = [FormRepository, SubmissionRepository, DocumentRepository];

/** Every repository of the service, available to every feature module (they share one database). */
@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class PersistenceModule {}
