import { Module } from '@nestjs/common';
import { AutomationRepository } from '../automations/persistence/automation.repository.js';
import { ClientMessagesModule } from '../delivery/client-messages.module.js';
import { FormLinkRequestedConsumer } from './events/form-link-requested.consumer.js';
import { SendFormLinkUseCase } from './use-cases/send-form-link.use-case.js';

/** Documents' "fill your forms" links (documents.form-link.requested.v1 → text or e-mail), worker only. */
@Module({
  imports: [ClientMessagesModule],
  providers: [AutomationRepository, SendFormLinkUseCase, FormLinkRequestedConsumer],
  exports: [SendFormLinkUseCase],
})
export class FormLinksModule {}
