import { Module } from '@nestjs/common';
import { FormLinkPublisher } from './events/form-link.publisher.js';

/**
 * Form links sent to clients through messaging (documents.form-link.requested.v1): the publisher,
 * used after a booking (worker) and by staff's "Send forms" (SendFormLinksUseCase, API process).
 */
@Module({ providers: [FormLinkPublisher], exports: [FormLinkPublisher] })
export class FormLinksModule {}
